import type { Rounding } from '@facet/contracts/money';
import { randomBytes } from 'node:crypto';
import type {
  DesignOptions,
  NewDesign,
  AdminProduct,
  AdminProductList,
  AdminProductQuery,
  AdminProductUpdate,
  StonePlace,
  FinishedPiece,
} from '@facet/contracts/admin-catalogue';
import { PHOTOS_PER_PRODUCT } from '@facet/contracts/admin-catalogue';
import { metalName } from '@facet/contracts/metals';
import { paths } from '@facet/contracts/paths';
import { photoOf } from '@facet/contracts/photo-sizes';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { itemImageUrl } from '@facet/contracts/paths';
import { addModel, configuredPrices, setStoneLocations, stoneLocations } from '../configurator/index.ts';
import {
  productPriceRepository as prices,
  productsRepository as repo,
  refreshListingCopies,
  type GroupRow,
  type PhotoRow,
} from './repository.ts';
import type { ProcessedPhoto } from '../media-store/index.ts';
import { copyPhotoFiles, putPhotoFiles, removePhotoFiles, type MediaStore } from '../media-store/index.ts';
import { seriesFromName, variantsOf } from './new-design.ts';

// Staff change what the storefront sells. Every write takes the group's row lock, checks the
// version the editor read, and appends its before → after to the audit log in the same
// transaction; the storefront's copies follow through the change signal (decision 009).

const CHANGED = 'This product was changed by someone else — reload to see their change, then make yours again.';

const staffPhoto = (p: PhotoRow) => ({ key: p.key, metal: p.metal, ...photoOf(p) });

const imageOf = (g: Pick<GroupRow, 'image' | 'defaultMetal' | 'description'>, photo: string | null | undefined) =>
  photo ? paths.photo(photo, 'small') : itemImageUrl(g.image, g.defaultMetal, g.description);

const statusOf = (g: { published: boolean; archivedAt: string | null }) =>
  g.archivedAt ? ('archived' as const) : g.published ? ('published' as const) : ('draft' as const);

export async function listProducts(db: Db, q: AdminProductQuery): Promise<AdminProductList> {
  const [{ rows, count }, categories] = await Promise.all([repo.list(db, q), repo.categories(db)]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      series: r.series,
      description: r.description,
      category: r.categoryName,
      minPriceCents: r.minPriceCents,
      variantCount: r.variantCount,
      photoCount: r.photoCount,
      published: r.published,
      status: statusOf(r),
      configurable: r.configurable,
      updatedAt: r.updatedAt ? new Date(r.updatedAt).toISOString() : null,
      image: imageOf(r, r.photo),
    })),
    count,
    page: q.page,
    pageSize: q.pageSize,
    categories,
  };
}

export async function productForStaff(db: DbOrTx, id: number): Promise<AdminProduct> {
  const g = await repo.group(db, id);
  if (!g) throw new NotFound(`There is no product ${id}.`);
  const [attributes, variants, photos, locations] = await Promise.all([
    repo.attributes(db, id),
    repo.variants(db, id),
    repo.photos(db, id),
    stoneLocations(db, id),
  ]);
  const shown = variants.find((v) => v.active);
  return {
    id: g.id,
    version: g.version,
    series: g.series,
    description: g.description,
    longDescription: g.longDescription,
    category: { id: g.categoryId, name: g.categoryName },
    kind: g.kind,
    configurable: g.configurable,
    published: g.published,
    status: statusOf(g),
    pricing: g.pricing,
    stockTracked: g.stockTracked,
    seoTitle: g.seoTitle,
    seoDescription: g.seoDescription,
    engraving: g.engraving,
    supplier: g.supplier,
    heldReason: g.heldReason,
    minPriceCents: g.minPriceCents,
    updatedAt: g.updatedAt ? new Date(g.updatedAt).toISOString() : null,
    attributes,
    variants,
    photos: photos.map(staffPhoto),
    stonePlaces: locations?.map(({ LocationNumber: _n, ...p }) => p as StonePlace) ?? null,
    image: imageOf(g, photos[0]?.key),
    storefrontUrl: paths.product({
      series: g.series,
      categoryId: g.categoryId,
      groupId: g.id,
      productId: shown?.id ?? 0,
    }),
  };
}

/** JSON with its keys in order: a jsonb value read back (keys re-ordered) equals what was sent. */
const stable = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );

/** Locks the group for this transaction and checks the editor saw its latest version. */
async function lockFresh(tx: DbOrTx, id: number, version?: number) {
  const g = await repo.group(tx, id, true);
  if (!g) throw new NotFound(`There is no product ${id}.`);
  if (version !== undefined && g.version !== version) throw new Conflict(CHANGED);
  return g;
}

export async function updateProduct(db: Db, actor: Actor, id: number, body: AdminProductUpdate) {
  return db.transaction(async (tx) => {
    const g = await lockFresh(tx, id, body.version);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const note = (field: string, was: unknown, now: unknown) => {
      if (stable(was) === stable(now)) return;
      before[field] = was;
      after[field] = now;
    };
    const f = {
      description: body.description ?? g.description,
      longDescription: body.longDescription ?? g.longDescription,
      published: body.published ?? g.published,
      categoryId: body.categoryId ?? g.categoryId,
      series: body.series ?? g.series,
      seoTitle: body.seoTitle === undefined ? g.seoTitle : body.seoTitle,
      seoDescription: body.seoDescription === undefined ? g.seoDescription : body.seoDescription,
      engraving: body.engraving === undefined ? g.engraving : body.engraving,
    };
    if (f.published && g.archivedAt)
      throw new Conflict('This design is archived. Restore it as a draft first, check it, then publish it.');
    for (const k of Object.keys(f) as Array<keyof typeof f>) note(k, g[k], f[k]);
    if ('categoryId' in after && !(await repo.categoryExists(tx, f.categoryId)))
      throw new Validation('That category does not exist any more. Reload and choose another.', {
        categoryId: 'Unknown category',
      });
    if ('series' in after && (await repo.seriesTaken(tx, f.series, id)))
      throw new Validation(`Another design already uses ${f.series} in its address.`, { series: 'Already used' });

    if (body.attributes) {
      const was = await repo.attributes(tx, id);
      const now = [...body.attributes].sort((a, b) => a.label.localeCompare(b.label) || a.value.localeCompare(b.value));
      note('attributes', was, now);
      if ('attributes' in after) await repo.replaceAttributes(tx, id, now);
    }
    if (body.variants?.length) await saveVariants(tx, g, body.variants, before, after);
    if (Object.keys(after).length === 0) return productForStaff(tx, id);

    await repo.saveGroup(tx, id, { ...f, version: g.version + 1 });
    await refreshListingCopies(tx, id);
    const action = 'published' in after ? (f.published ? 'product.publish' : 'product.unpublish') : 'product.edit';
    await audit(tx, actor, action, 'product_group', id, before, after);
    return productForStaff(tx, id);
  });
}

/** SKU, price, maker's list price and stock of the variants staff changed, each checked against the design it belongs to. */
async function saveVariants(
  tx: DbOrTx,
  g: GroupRow,
  changes: NonNullable<AdminProductUpdate['variants']>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) {
  const variants = new Map((await repo.variants(tx, g.id)).map((v) => [v.id, v]));
  const rows = changes.map((c) => {
    const v = variants.get(c.id);
    if (!v) throw new Validation(`Variant ${c.id} is not part of this product.`, { variants: 'Unknown variant' });
    if (c.priceCents !== undefined && c.priceCents !== v.priceCents && g.configurable)
      throw new Validation(
        'This piece is made to order: its prices come from the metal rates and the stones chosen. Change metal prices instead.',
        { variants: 'Priced by the configurator' },
      );
    return {
      was: v,
      now: {
        id: v.id,
        sku: c.sku ?? v.sku,
        priceCents: c.priceCents ?? v.priceCents,
        listPriceCents: c.listPriceCents === undefined ? v.listPriceCents : c.listPriceCents,
        stock: c.stock ?? v.stock,
      },
    };
  });
  const changed = rows.filter(
    (r) =>
      r.now.sku !== r.was.sku ||
      r.now.priceCents !== r.was.priceCents ||
      r.now.listPriceCents !== r.was.listPriceCents ||
      r.now.stock !== r.was.stock,
  );
  if (!changed.length) return;
  const newSkus = changed.filter((r) => r.now.sku !== r.was.sku).map((r) => r.now.sku);
  if (new Set(newSkus).size !== newSkus.length)
    throw new Validation('Two variants cannot share a SKU.', { variants: 'SKU used twice' });
  const taken = newSkus.length ? await repo.skusTaken(tx, newSkus, g.id) : [];
  const inGroup = new Set(
    [...variants.values()].filter((v) => !changed.some((c) => c.was.id === v.id)).map((v) => v.sku),
  );
  const clash = [...taken, ...newSkus.filter((k) => inGroup.has(k))];
  if (clash.length)
    throw new Validation(`SKU ${clash[0]} is already used by another piece.`, { variants: 'SKU already used' });
  const pick = (v: { sku: string; priceCents: number; listPriceCents: number | null; stock: number }) => ({
    sku: v.sku,
    priceCents: v.priceCents,
    listPriceCents: v.listPriceCents,
    stock: v.stock,
  });
  before.variants = changed.map((r) => pick(r.was));
  after.variants = changed.map((r) => pick(r.now));
  // Two SKUs swapped between variants would collide mid-way: free the old ones first.
  for (const r of changed)
    if (r.now.sku !== r.was.sku) await repo.setVariant(tx, g.id, { ...r.now, sku: `~${r.was.id}` });
  for (const r of changed) await repo.setVariant(tx, g.id, r.now);
  await repo.refreshMinPrice(tx, g.id);
}

export async function designOptions(db: Db, priceRounding: Rounding): Promise<DesignOptions> {
  const [categories, metals] = await Promise.all([repo.categoriesForDesign(db), repo.metals(db)]);
  return { categories, metals: metals.map(({ densityFactor: _d, ...m }) => m), priceRounding };
}

/** A free word for a design's address: the one asked for (refused when taken), or one made from its name. */
async function freeSeries(tx: DbOrTx, asked: string | undefined, name: string) {
  if (asked) {
    if (await repo.seriesTaken(tx, asked, null))
      throw new Validation(`Another design already uses ${asked} in its address.`, { series: 'Already used' });
    return asked;
  }
  const base = seriesFromName(name);
  for (let n = 1; n < 1_000; n++) {
    const s = n === 1 ? base : `${base.slice(0, 20)}-${n}`;
    if (!(await repo.seriesTaken(tx, s, null))) return s;
  }
  throw new Conflict('Could not find a free address for this design. Give it one under Address.');
}

/** A new design by hand, as a draft: its variants generated from the options, priced and stocked as asked. */
export async function createDesign(
  db: Db,
  actor: Actor,
  d: NewDesign,
  store: { madeToOrderDays: number; rounding: Rounding },
) {
  return db.transaction(async (tx) => {
    if (!(await repo.categoryExists(tx, d.categoryId)))
      throw new Validation('That category does not exist any more. Reload and choose another.', {
        categoryId: 'Unknown category',
      });
    const series = await freeSeries(tx, d.series, d.name);
    const variants = variantsOf(d, series, await repo.metals(tx), store);
    const taken = await repo.skusTaken(
      tx,
      variants.map((v) => v.sku),
      null,
    );
    if (taken.length)
      throw new Validation(`SKU ${taken[0]} is already used by another piece: choose another address.`, {
        series: 'Its SKUs are taken',
      });
    const setting = d.stonePlaces.length > 0;
    for (const [i, p] of d.stonePlaces.entries())
      if (p.group === 'Accent' && !(await repo.meleeExists(tx, p.shape, p.sizeMm!)))
        throw new Validation(
          `No melee of ${p.sizeMm} mm ${p.shape.toLowerCase()} is listed: add a parcel under Melee first.`,
          { [`stonePlaces.${i}.sizeMm`]: 'No such melee' },
        );
    const center = d.stonePlaces.find((p) => p.group === 'Center');
    const id = await repo.insertGroup(tx, {
      series,
      categoryId: d.categoryId,
      description: d.name,
      longDescription: d.longDescription,
      kind: d.kind,
      // A setting is drawn with its center stone; a piece without one, plain.
      image:
        setting && center
          ? { kind: d.kind, style: 'solitaire', shape: center.shape.toLowerCase() }
          : { kind: d.kind, style: 'plain' },
      defaultMetal: d.metals[0]!,
      pricing: d.pricing.mode,
      stockTracked: d.stock.mode === 'on-hand',
      seoTitle: d.seoTitle ?? null,
      seoDescription: d.seoDescription ?? null,
      configurable: setting,
    });
    await repo.insertVariants(tx, id, variants);
    await repo.replaceAttributes(tx, id, d.attributes);
    if (setting && d.pricing.mode === 'metal') {
      await addModel(tx, {
        groupId: id,
        castingLabourCents: d.pricing.labourCents,
        baseWeightG: d.pricing.weightG,
        metals: d.metals,
        sizes: d.sizes,
        locations: d.stonePlaces.map((p, i) => ({ LocationNumber: i + 1, ...p })),
      });
      // The configurator prices it (metal, size and the stones that fit); nothing that fits means no price.
      await refreshConfiguredPrices(tx, [id]);
      if ((await repo.minPrice(tx, id)) === 0)
        throw new Validation(
          'No stone on sale fits these places yet, so the setting could not be priced. Widen the carat range, or make the center optional.',
          { stonePlaces: 'Nothing fits' },
        );
    } else await repo.refreshMinPrice(tx, id);
    await refreshListingCopies(tx, id);
    await audit(tx, actor, 'product.create', 'product_group', id, null, {
      name: d.name,
      series,
      categoryId: d.categoryId,
      variants: variants.length,
      pricing: d.pricing,
      stock: d.stock,
      stonePlaces: d.stonePlaces,
    });
    return productForStaff(tx, id);
  });
}

/** A copy of a design as a new draft: fields, attributes, variants (new SKUs) and photographs. */
export async function duplicateDesign(db: Db, media: MediaStore, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const g = await lockFresh(tx, id);
    const source = (await repo.groupSource(tx, id))!;
    if (source.configurable)
      throw new Conflict('A made-to-order setting is copied with its stone places by the configurator, not here.');
    const name = `${g.description.slice(0, 112)} (copy)`;
    const series = await freeSeries(tx, undefined, `${g.series}-COPY`);
    const variants = (await repo.fullVariants(tx, id)).filter((v) => v.active);
    const copy = await repo.insertGroup(tx, {
      series,
      categoryId: g.categoryId,
      description: name,
      longDescription: g.longDescription,
      kind: source.kind,
      image: source.image,
      defaultMetal: source.defaultMetal,
      pricing: g.pricing,
      stockTracked: g.stockTracked,
      seoTitle: null,
      seoDescription: null,
      engraving: g.engraving,
    });
    await repo.insertVariants(
      tx,
      copy,
      variants.map((v) => ({
        ...v,
        sku: v.sku.startsWith(g.series) ? series + v.sku.slice(g.series.length) : `${series}-${v.sku}`,
      })),
    );
    await repo.replaceAttributes(tx, copy, await repo.attributes(tx, id));
    for (const p of await repo.photoRows(tx, id)) {
      const key = randomBytes(12).toString('base64url');
      await copyPhotoFiles(media, p.key, key, tx);
      await repo.addPhoto(tx, { ...p, groupId: copy, key });
    }
    await repo.refreshMinPrice(tx, copy);
    await refreshListingCopies(tx, copy);
    await audit(tx, actor, 'product.duplicate', 'product_group', copy, null, { from: id, name, series });
    return productForStaff(tx, copy);
  });
}

/**
 * A setting made up with its stones and kept in the case, as a design of its own: sold as it is, on
 * hand, at the price staff set, its stones said on its page; a draft to photograph and publish.
 * The setting stays made to order beside it.
 */
export async function finishedPiece(db: Db, media: MediaStore, actor: Actor, id: number, f: FinishedPiece) {
  return db.transaction(async (tx) => {
    const g = await lockFresh(tx, id);
    const source = (await repo.groupSource(tx, id))!;
    if (!source.configurable)
      throw new Conflict('This design is sold as it is: add stock to it instead of making a finished piece.');
    const model = (await repo.fullVariants(tx, id)).filter((v) => v.active);
    const from = model.find((v) => v.metal === f.metal && v.fingerSize === f.size);
    if (!from)
      throw new Validation(
        f.size === null
          ? `This setting is not made in ${metalName(f.metal)}.`
          : `This setting is not made in ${metalName(f.metal)} in size ${f.size}.`,
        { [model.some((v) => v.metal === f.metal) ? 'size' : 'metal']: 'Not one of its options' },
      );
    const name = `${g.description.slice(0, 100)}, ready to ship`;
    const series = await freeSeries(tx, undefined, `${g.series}-READY`);
    const copy = await repo.insertGroup(tx, {
      series,
      categoryId: g.categoryId,
      description: name,
      longDescription: `${g.longDescription}\n\nThis one is made and ready to ship, set with ${f.stones}.`,
      kind: source.kind,
      image: source.image,
      defaultMetal: f.metal,
      pricing: 'fixed',
      stockTracked: true,
      seoTitle: null,
      seoDescription: null,
      engraving: g.engraving,
    });
    await repo.insertVariants(tx, copy, [
      {
        sku: [series, f.metal, f.size === null ? null : String(f.size)].filter(Boolean).join('-'),
        metal: f.metal,
        fingerSize: f.size,
        lengthIn: from.lengthIn,
        weightG: from.weightG,
        priceCents: f.priceCents,
        stock: f.quantity,
        leadDays: f.shipsInDays,
      },
    ]);
    await repo.replaceAttributes(tx, copy, [
      ...(await repo.attributes(tx, id)),
      { label: 'Stones set', value: f.stones },
    ]);
    for (const p of await repo.photoRows(tx, id)) {
      if (p.metal !== null && p.metal !== f.metal) continue;
      const key = randomBytes(12).toString('base64url');
      await copyPhotoFiles(media, p.key, key, tx);
      await repo.addPhoto(tx, { ...p, groupId: copy, key });
    }
    await repo.refreshMinPrice(tx, copy);
    await refreshListingCopies(tx, copy);
    await audit(tx, actor, 'product.finished-piece', 'product_group', copy, null, { from: id, name, series, ...f });
    return productForStaff(tx, copy);
  });
}

/** Archived designs leave the storefront for good (410); restoring one makes it a draft to check. */
export async function setArchived(db: Db, actor: Actor, id: number, version: number, archived: boolean) {
  return db.transaction(async (tx) => {
    const g = await lockFresh(tx, id, version);
    if (!!g.archivedAt === archived) return productForStaff(tx, id);
    await repo.setArchived(tx, id, archived, g.version + 1);
    await audit(
      tx,
      actor,
      archived ? 'product.archive' : 'product.restore',
      'product_group',
      id,
      { status: statusOf(g) },
      { status: archived ? 'archived' : 'draft' },
    );
    return productForStaff(tx, id);
  });
}

export async function addPhoto(
  db: Db,
  media: MediaStore,
  actor: Actor,
  id: number,
  photo: ProcessedPhoto,
  { alt, metal }: { alt: string; metal: string | null },
) {
  return db.transaction(async (tx) => {
    const g = await lockFresh(tx, id);
    const photos = await repo.photos(tx, id);
    if (photos.length >= PHOTOS_PER_PRODUCT)
      throw new Validation(`A product has at most ${PHOTOS_PER_PRODUCT} photographs. Remove one first.`, {
        photo: 'Too many photographs',
      });
    await assertMadeIn(tx, id, metal);
    const position = Math.max(-1, ...photos.map((p) => p.position)) + 1;
    const text = alt.trim() || g.description;
    await putPhotoFiles(media, photo, tx);
    await repo.addPhoto(tx, { ...photo, groupId: id, position, alt: text, metal });
    await repo.touch(tx, id);
    await audit(tx, actor, 'product.photo.add', 'product_group', id, null, {
      photo: photo.key,
      alt: text,
      metal,
      width: photo.width,
      height: photo.height,
    });
    return productForStaff(tx, id);
  });
}

/** A photograph is of one of the metals the design is made in (any variant, on sale or not), or of any. */
async function assertMadeIn(tx: DbOrTx, id: number, metal: string | null) {
  if (metal === null) return;
  const metals = new Set((await repo.variants(tx, id)).map((v) => v.metal));
  if (!metals.has(metal))
    throw new Validation(`This design is not made in ${metalName(metal)}.`, { metal: 'Not one of its metals' });
}

/** A photograph's words and the metal it shows changed (the file stays). */
export async function describePhoto(
  db: Db,
  actor: Actor,
  id: number,
  key: string,
  change: { alt: string; metal: string | null },
) {
  return db.transaction(async (tx) => {
    const g = await lockFresh(tx, id);
    const before = (await repo.photos(tx, id)).find((p) => p.key === key);
    if (!before) throw new NotFound('That photograph is no longer on this product.');
    await assertMadeIn(tx, id, change.metal);
    const after = { alt: change.alt.trim() || g.description, metal: change.metal };
    await repo.setPhotoDetails(tx, id, key, after);
    await repo.touch(tx, id);
    await audit(
      tx,
      actor,
      'product.photo.describe',
      'product_group',
      id,
      { photo: key, alt: before.alt, metal: before.metal },
      { photo: key, ...after },
    );
    return productForStaff(tx, id);
  });
}

export async function removePhoto(db: Db, media: MediaStore, actor: Actor, id: number, key: string) {
  const answer = await db.transaction(async (tx) => {
    await lockFresh(tx, id);
    const gone = await repo.removePhoto(tx, id, key);
    if (!gone) throw new NotFound('That photograph is no longer on this product.');
    await repo.touch(tx, id);
    await audit(tx, actor, 'product.photo.remove', 'product_group', id, { photo: key, alt: gone.alt }, null);
    return productForStaff(tx, id);
  });
  await removePhotoFiles(media, [key]);
  return answer;
}

export async function orderPhotos(db: Db, actor: Actor, id: number, keys: string[]) {
  return db.transaction(async (tx) => {
    await lockFresh(tx, id);
    const photos = await repo.photos(tx, id);
    const have = photos.map((p) => p.key);
    if (have.length !== keys.length || [...have].sort().join() !== [...keys].sort().join())
      throw new Conflict('The photographs changed while you arranged them — reload and try again.');
    for (const [i, key] of keys.entries()) await repo.setPhotoPosition(tx, id, key, i);
    await repo.touch(tx, id);
    await audit(tx, actor, 'product.photo.order', 'product_group', id, { photos: have }, { photos: keys });
    return productForStaff(tx, id);
  });
}

/**
 * A setting's stone places changed after it was made: the design takes the next version (an
 * editor open on the old one is refused), is priced again from what fits now (refused when nothing
 * on sale fits any more), and the change is audited. Orders keep what they were sold with: their
 * lines hold the stones chosen, not the design's places.
 */
export async function changeStonePlaces(
  db: Db,
  actor: Actor,
  id: number,
  body: { version: number; stonePlaces: StonePlace[] },
) {
  return db.transaction(async (tx) => {
    const g = await lockFresh(tx, id, body.version);
    const before = await stoneLocations(tx, id);
    if (!before) throw new Conflict('This design is sold as it is: it has no stone places to change.');
    const after = body.stonePlaces.map((p, i) => ({ LocationNumber: i + 1, ...p }));
    await setStoneLocations(tx, id, after);
    // Nothing that fits means no price: the old one would stand for a piece nobody can complete.
    if (!(await configuredPrices(tx, [id])).groupRows.length)
      throw new Validation(
        'Nothing on sale fits these places, so the design could not be priced. Widen a carat range or add melee first.',
        { stonePlaces: 'Nothing fits' },
      );
    await refreshConfiguredPrices(tx, [id]);
    await repo.nextVersion(tx, id, g.version + 1);
    await refreshListingCopies(tx, id);
    await audit(
      tx,
      actor,
      'product.stone-places',
      'product_group',
      id,
      { stonePlaces: before },
      { stonePlaces: after },
    );
    return productForStaff(tx, id);
  });
}

/** Every category in menu order: where staff may place a supplier's product group. */
export const allCategories = repo.allCategories;
/** A group's attributes replaced, its search text with them (a supplier's feed writes them too). */
export const replaceAttributes = repo.replaceAttributes;
/** A group's "from" price after its variants' prices changed outside the editor (feeds, markup). */
export const refreshMinPrice = repo.refreshMinPrice;
export { refreshListingCopies };

/** Writes what the configurator prices each configurable design and variant at, where it changed. */
export async function refreshConfiguredPrices(db: DbOrTx, groupIds?: number[]) {
  const p = await configuredPrices(db, groupIds);
  const changed = await prices.setConfiguredPrices(db, p.groupRows, p.variantRows);
  return { groups: p.groups, changed };
}

/** Pieces sold as they are, in this metal, repriced by the change per gram: the groups touched. */
export const repricePieces = prices.repricePieces;
