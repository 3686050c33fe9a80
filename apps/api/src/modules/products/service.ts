import type {
  AdminProduct,
  AdminProductList,
  AdminProductQuery,
  AdminProductUpdate,
} from '@facet/contracts/admin-catalogue';
import { PHOTOS_PER_PRODUCT } from '@facet/contracts/admin-catalogue';
import { paths } from '@facet/contracts/paths';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { itemImageUrl } from '@facet/contracts/paths';
import { refreshListingCopies } from '../catalog/index.ts';
import { productsRepository as repo, type GroupRow, type PhotoRow } from './repository.ts';
import type { ProcessedPhoto } from './photos.ts';

// Staff change what the storefront sells. Every write takes the group's row lock, checks the
// version the editor read, and appends its before → after to the audit log in the same
// transaction; the storefront's copies follow through the change signal (decision 009).

const CHANGED = 'This product was changed by someone else — reload to see their change, then make yours again.';

const photoOf = (p: PhotoRow) => ({
  key: p.key,
  small: paths.photo(p.key, 'small'),
  large: paths.photo(p.key, 'large'),
  alt: p.alt,
  width: p.width,
  height: p.height,
});

const imageOf = (g: Pick<GroupRow, 'image' | 'defaultMetal' | 'description'>, photo: string | null | undefined) =>
  photo ? paths.photo(photo, 'small') : itemImageUrl(g.image, g.defaultMetal, g.description);

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
  const [attributes, variants, photos] = await Promise.all([
    repo.attributes(db, id),
    repo.variants(db, id),
    repo.photos(db, id),
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
    supplier: g.supplier,
    heldReason: g.heldReason,
    minPriceCents: g.minPriceCents,
    updatedAt: g.updatedAt ? new Date(g.updatedAt).toISOString() : null,
    attributes,
    variants,
    photos: photos.map(photoOf),
    image: imageOf(g, photos[0]?.key),
    storefrontUrl: paths.product({
      series: g.series,
      categoryId: g.categoryId,
      groupId: g.id,
      productId: shown?.id ?? 0,
    }),
  };
}

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
      if (JSON.stringify(was) === JSON.stringify(now)) return;
      before[field] = was;
      after[field] = now;
    };
    const description = body.description ?? g.description;
    const longDescription = body.longDescription ?? g.longDescription;
    const published = body.published ?? g.published;
    note('description', g.description, description);
    note('longDescription', g.longDescription, longDescription);
    note('published', g.published, published);

    if (body.attributes) {
      const was = await repo.attributes(tx, id);
      const now = [...body.attributes].sort((a, b) => a.label.localeCompare(b.label) || a.value.localeCompare(b.value));
      note('attributes', was, now);
      if ('attributes' in after) await repo.replaceAttributes(tx, id, now);
    }
    if (body.prices?.length) {
      if (g.configurable)
        throw new Validation(
          'This piece is made to order: its prices come from the metal rates and the stones chosen. Change metal prices instead.',
          { prices: 'Priced by the configurator' },
        );
      const variants = new Map((await repo.variants(tx, id)).map((v) => [v.id, v]));
      const changed = body.prices.filter((p) => {
        const v = variants.get(p.id);
        if (!v) throw new Validation(`Variant ${p.id} is not part of this product.`, { prices: 'Unknown variant' });
        return v.priceCents !== p.priceCents;
      });
      if (changed.length) {
        before.prices = changed.map((p) => ({
          sku: variants.get(p.id)!.sku,
          priceCents: variants.get(p.id)!.priceCents,
        }));
        after.prices = changed.map((p) => ({ sku: variants.get(p.id)!.sku, priceCents: p.priceCents }));
        await repo.setPrices(tx, id, changed);
      }
    }
    if (Object.keys(after).length === 0) return productForStaff(tx, id);

    await repo.saveGroup(tx, id, { description, longDescription, published, version: g.version + 1 });
    await refreshListingCopies(tx, id);
    const action = 'published' in after ? (published ? 'product.publish' : 'product.unpublish') : 'product.edit';
    await audit(tx, actor, action, 'product_group', id, before, after);
    return productForStaff(tx, id);
  });
}

export async function addPhoto(db: Db, actor: Actor, id: number, photo: ProcessedPhoto, alt: string) {
  return db.transaction(async (tx) => {
    const g = await lockFresh(tx, id);
    const photos = await repo.photos(tx, id);
    if (photos.length >= PHOTOS_PER_PRODUCT)
      throw new Validation(`A product has at most ${PHOTOS_PER_PRODUCT} photographs. Remove one first.`, {
        photo: 'Too many photographs',
      });
    const position = Math.max(-1, ...photos.map((p) => p.position)) + 1;
    const text = alt.trim() || g.description;
    await repo.addPhoto(tx, { ...photo, groupId: id, position, alt: text });
    await repo.touch(tx, id);
    await audit(tx, actor, 'product.photo.add', 'product_group', id, null, {
      photo: photo.key,
      alt: text,
      width: photo.width,
      height: photo.height,
    });
    return productForStaff(tx, id);
  });
}

export async function removePhoto(db: Db, actor: Actor, id: number, key: string) {
  return db.transaction(async (tx) => {
    await lockFresh(tx, id);
    const gone = await repo.removePhoto(tx, id, key);
    if (!gone) throw new NotFound('That photograph is no longer on this product.');
    await repo.touch(tx, id);
    await audit(tx, actor, 'product.photo.remove', 'product_group', id, { photo: key, alt: gone.alt }, null);
    return productForStaff(tx, id);
  });
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

export const photoBytes = repo.photoBytes;
/** Every category in menu order: where staff may place a supplier's product group. */
export const allCategories = repo.allCategories;
/** A group's attributes replaced, its search text with them (a supplier's feed writes them too). */
export const replaceAttributes = repo.replaceAttributes;
/** A group's "from" price after its variants' prices changed outside the editor (feeds, markup). */
export const refreshMinPrice = repo.refreshMinPrice;
