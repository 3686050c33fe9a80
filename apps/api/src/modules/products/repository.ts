import { eq, sql, type SQL } from 'drizzle-orm';
import type { Rounding } from '@facet/contracts/money';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { named } from '../../db/named-statements.ts';
import type { ImageSpec, ItemKind } from '@facet/contracts/catalog';
import { productPhoto, type product, type productGroup } from './schema.ts';
import type { AdminProductQuery, CategoryArrangement } from '@facet/contracts/admin-catalogue';
import type { EngravingOffer } from '@facet/contracts/engraving';

// Product groups as staff see and change them: drafts included, every variant, photographs.

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ORDER_BY = {
  'name-asc': sql`g.description asc, g.id asc`,
  'name-desc': sql`g.description desc, g.id desc`,
  'price-asc': sql`g.min_price_cents asc, g.id asc`,
  'price-desc': sql`g.min_price_cents desc, g.id desc`,
  'updated-desc': sql`g.updated_at desc nulls last, g.id desc`,
} as const;

export type GroupRow = Pick<
  typeof productGroup.$inferSelect,
  | 'id'
  | 'version'
  | 'series'
  | 'description'
  | 'longDescription'
  | 'kind'
  | 'configurable'
  | 'published'
  | 'minPriceCents'
  | 'defaultMetal'
  | 'categoryId'
  | 'heldReason'
  | 'pricing'
  | 'stockTracked'
  | 'seoTitle'
  | 'seoDescription'
  | 'engraving'
> & {
  archivedAt: string | null;
  image: ImageSpec;
  updatedAt: string | null;
  categoryName: string;
  supplier: string | null;
};

export interface PhotoRow {
  key: string;
  alt: string;
  width: number;
  height: number;
  position: number;
  /** The metal it shows; null: any. */
  metal: string | null;
}

const GROUP_COLS = sql`g.id, g.version, g.series, g.description, g.long_description as "longDescription", g.kind, g.configurable,
  g.published, g.min_price_cents as "minPriceCents", g.default_metal as "defaultMetal", g.category_id as "categoryId", g.image,
  g.updated_at as "updatedAt", c.name as "categoryName", g.held_reason as "heldReason",
  (select s.code from supplier_view s where s.id = g.supplier_id) as supplier, g.archived_at as "archivedAt", g.pricing,
  g.stock_tracked as "stockTracked", g.seo_title as "seoTitle", g.seo_description as "seoDescription", g.engraving`;

/** A variant as the new-design and duplicate flows write it. */
export interface NewVariantRow {
  sku: string;
  metal: string;
  fingerSize: number | null;
  lengthIn: number | null;
  weightG: number;
  priceCents: number;
  stock: number;
  leadDays: number;
}

/** Recomputes the listing copies (metals, default variant, facets) from variants and attributes: of one group, or all. */
export const refreshListingCopies = (db: DbOrTx, groupId?: number) =>
  db.execute(sql`
  update product_group g set
    metals = coalesce((select array_agg(distinct v.metal) from product v where v.group_id = g.id and v.active), '{}'),
    default_product_id = coalesce((select v.id from product v where v.group_id = g.id and v.metal = g.default_metal and v.active
      order by (coalesce(v.finger_size, 7) = 7 and coalesce(v.length_in, 18) = 18) desc, v.price_cents, v.id limit 1), 0),
    facets = coalesce((select array_agg(a.label || '=' || a.value order by a.label, a.value) from product_attribute a where a.group_id = g.id), '{}')
  ${groupId === undefined ? sql`` : sql`where g.id = ${groupId}`}`);

export const productsRepository = {
  list: async (db: DbOrTx, q: AdminProductQuery) => {
    const conds = [sql`true`];
    if (q.q) {
      const text = q.q;
      conds.push(
        sql`(g.description ilike ${likeOf(text)} or g.series = ${text.toUpperCase()} or g.id::text = ${text}
          or exists (select 1 from product v where v.group_id = g.id and v.sku = ${text.toUpperCase()}))`,
      );
    }
    if (q.category) conds.push(sql`g.category_id = ${q.category}`);
    if (q.status)
      conds.push(
        q.status === 'published'
          ? sql`g.published`
          : q.status === 'archived'
            ? sql`g.archived_at is not null`
            : sql`not g.published and g.archived_at is null`,
      );
    const where = sql.join(conds, sql` and `);
    const rows = rowsOf<GroupRow & { variantCount: number; photoCount: number; photo: string | null; total: number }>(
      await db.execute(sql`
      select ${GROUP_COLS},
        (select count(*)::int from product v where v.group_id = g.id) as "variantCount",
        (select count(*)::int from product_photo ph where ph.group_id = g.id) as "photoCount",
        (select ph.key from product_photo ph where ph.group_id = g.id order by ph.position, ph.key limit 1) as photo,
        count(*) over ()::int as total
      from product_group g join category_view c on c.id = g.category_id
      where ${where}
      order by ${ORDER_BY[q.sort]}
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    );
    // Past the last page the window count is absent; count apart only then.
    const count =
      rows[0]?.total ??
      (q.page > 1
        ? rowsOf<{ n: number }>(
            await db.execute(
              sql`select count(*)::int as n from product_group g join category_view c on c.id = g.category_id where ${where}`,
            ),
          )[0]!.n
        : 0);
    return { rows, count };
  },

  /** Categories that hold product groups, for the list's filter. */
  categories: async (db: DbOrTx) =>
    rowsOf<{ id: number; name: string; section: string }>(
      await db.execute(sql`select c.id, c.name, c.section from category_view c
        where exists (select 1 from product_group g where g.category_id = c.id) order by c.section, c.position`),
    ),

  /** Every category, in menu order (where a supplier's product group may be placed). */
  allCategories: async (db: DbOrTx) =>
    rowsOf<{ id: number; name: string; section: string }>(
      await db.execute(sql`select c.id, c.name, c.section from category_view c order by c.section, c.position`),
    ),

  group: async (db: DbOrTx, id: number, lock = false) =>
    rowsOf<GroupRow>(
      await db.execute(sql`select ${GROUP_COLS} from product_group g join category_view c on c.id = g.category_id
        where g.id = ${id} ${lock ? sql`for update of g` : sql``}`),
    )[0] ?? null,

  attributes: async (db: DbOrTx, id: number) =>
    rowsOf<{ label: string; value: string }>(
      await db.execute(sql`select label, value from product_attribute where group_id = ${id} order by label, value`),
    ),

  variants: async (db: DbOrTx, id: number) =>
    rowsOf<{
      id: number;
      sku: string;
      metal: string;
      metalName: string;
      fingerSize: number | null;
      lengthIn: number | null;
      weightG: number;
      priceCents: number;
      listPriceCents: number | null;
      stock: number;
      active: boolean;
    }>(
      await db.execute(sql`select v.id, v.sku, v.metal, coalesce(m.name, v.metal) as "metalName", v.finger_size as "fingerSize",
        v.length_in as "lengthIn", v.weight_g as "weightG", v.price_cents as "priceCents",
        v.list_price_cents as "listPriceCents", v.stock, v.active
        from product v left join metal_rate_view m on m.quality = v.metal where v.group_id = ${id}
        order by m.position nulls last, v.finger_size nulls first, v.length_in nulls first, v.id`),
    ),

  photos: async (db: DbOrTx, id: number) =>
    rowsOf<PhotoRow>(
      await db.execute(sql`select key, alt, width, height, position, metal from product_photo where group_id = ${id}
        order by position, key`),
    ),

  /** Writes the group's own fields and takes the next version. */
  saveGroup: (
    tx: DbOrTx,
    id: number,
    f: {
      description: string;
      longDescription: string;
      published: boolean;
      categoryId: number;
      series: string;
      seoTitle: string | null;
      seoDescription: string | null;
      engraving: EngravingOffer | null;
      version: number;
    },
  ) =>
    tx.execute(sql`update product_group set description = ${f.description}, long_description = ${f.longDescription},
      published = ${f.published}, category_id = ${f.categoryId}, series = ${f.series}, seo_title = ${f.seoTitle},
      seo_description = ${f.seoDescription}, engraving = ${f.engraving ? JSON.stringify(f.engraving) : null}::jsonb, version = ${f.version}, updated_at = now() where id = ${id}`),

  /** Archived: off the storefront for good (its page answers 410); restored: a draft again. */
  setArchived: (tx: DbOrTx, id: number, archived: boolean, version: number) =>
    tx.execute(sql`update product_group set archived_at = ${archived ? sql`now()` : sql`null`}, published = false,
      version = ${version}, updated_at = now() where id = ${id}`),

  categoryExists: async (db: DbOrTx, id: number) =>
    rowsOf<{ id: number }>(await db.execute(sql`select id from category_view where id = ${id}`)).length === 1,

  /** Another design already answering to this word in its address. */
  seriesTaken: async (db: DbOrTx, series: string, exceptId: number | null) =>
    rowsOf<{ id: number }>(
      await db.execute(sql`select id from product_group where series = ${series} and id <> ${exceptId ?? 0} limit 1`),
    ).length === 1,

  skusTaken: async (db: DbOrTx, skus: string[], exceptGroup: number | null) =>
    rowsOf<{ sku: string }>(
      await db.execute(
        sql`select sku from product where sku in (${sql.join(
          skus.map((k) => sql`${k}`),
          sql`, `,
        )}) and group_id <> ${exceptGroup ?? 0}`,
      ),
    ).map((r) => r.sku),

  /** A new design (a draft) by hand: its id from the same sequence as a supplier's. */
  insertGroup: async (
    tx: DbOrTx,
    g: {
      series: string;
      categoryId: number;
      description: string;
      longDescription: string;
      kind: ItemKind;
      image: ImageSpec;
      defaultMetal: string;
      pricing: 'metal' | 'fixed';
      stockTracked: boolean;
      seoTitle: string | null;
      seoDescription: string | null;
      configurable?: boolean;
      engraving?: EngravingOffer | null;
    },
  ) =>
    rowsOf<{ id: number }>(
      await tx.execute(sql`insert into product_group (id, series, category_id, description, long_description, kind, image,
        min_price_cents, default_metal, created_at, updated_at, published, pricing, stock_tracked, seo_title, seo_description,
        configurable, engraving)
        values (nextval('feed_product_group_id_seq'), ${g.series}, ${g.categoryId}, ${g.description}, ${g.longDescription},
          ${g.kind}, ${JSON.stringify(g.image)}::jsonb, 0, ${g.defaultMetal}, now(), now(), false, ${g.pricing},
          ${g.stockTracked}, ${g.seoTitle}, ${g.seoDescription}, ${g.configurable ?? false},
          ${g.engraving ? JSON.stringify(g.engraving) : null}::jsonb)
        returning id`),
    )[0]!.id,

  /** Melee of this shape and size on sale: accent places are filled from it. */
  meleeExists: async (db: DbOrTx, shape: string, sizeMm: number) =>
    rowsOf<{ id: number }>(
      await db.execute(
        sql`select id from melee_parcel_view where shape = ${shape} and abs(size_mm - ${sizeMm}) < 0.001 limit 1`,
      ),
    ).length > 0,

  minPrice: async (db: DbOrTx, id: number) =>
    rowsOf<{ cents: number }>(
      await db.execute(sql`select min_price_cents as cents from product_group where id = ${id}`),
    )[0]!.cents,

  insertVariants: (tx: DbOrTx, groupId: number, vs: NewVariantRow[]) =>
    tx.execute(sql`insert into product (id, group_id, sku, metal, finger_size, length_in, weight_g, price_cents, stock, active, lead_days)
      values ${sql.join(
        vs.map(
          (v) =>
            sql`(nextval('feed_product_id_seq'), ${groupId}, ${v.sku}, ${v.metal}, ${v.fingerSize}, ${v.lengthIn}, ${v.weightG}, ${v.priceCents}, ${v.stock}, true, ${v.leadDays})`,
        ),
        sql`, `,
      )}`),

  /** The whole design as the duplicate flow copies it. */
  fullVariants: async (db: DbOrTx, id: number) =>
    rowsOf<NewVariantRow & { active: boolean }>(
      await db.execute(sql`select sku, metal, finger_size as "fingerSize", length_in as "lengthIn", weight_g as "weightG",
        price_cents as "priceCents", stock, lead_days as "leadDays", active from product where group_id = ${id} order by id`),
    ),

  groupSource: async (db: DbOrTx, id: number) =>
    rowsOf<{ kind: ItemKind; image: ImageSpec; defaultMetal: string; configurable: boolean }>(
      await db.execute(
        sql`select kind, image, default_metal as "defaultMetal", configurable from product_group where id = ${id}`,
      ),
    )[0] ?? null,

  /** The photographs' rows, as the duplicate flow copies them (their files are copied beside). */
  photoRows: (db: DbOrTx, id: number) =>
    db.select().from(productPhoto).where(eq(productPhoto.groupId, id)).orderBy(productPhoto.position, productPhoto.key),

  /** The metals the store prices, in its order, with what a gram costs and how heavy each is beside 14K. */
  metals: async (db: DbOrTx) =>
    rowsOf<{ quality: string; name: string; centsPerGram: number; densityFactor: number }>(
      await db.execute(sql`select quality, name, cents_per_gram as "centsPerGram", density_factor as "densityFactor"
        from metal_rate_view order by position`),
    ),

  /** Every category with whether it is hidden, in menu order (the new-design form's choice). */
  categoriesForDesign: async (db: DbOrTx) =>
    rowsOf<{ id: number; name: string; section: string; hidden: boolean }>(
      await db.execute(sql`select id, name, section, hidden from category_view order by section, position, name`),
    ),

  setVariant: (
    tx: DbOrTx,
    groupId: number,
    v: { id: number; sku: string; priceCents: number; listPriceCents: number | null; stock: number },
  ) =>
    tx.execute(sql`update product set sku = ${v.sku}, price_cents = ${v.priceCents}, list_price_cents = ${v.listPriceCents},
      stock = ${v.stock} where id = ${v.id} and group_id = ${groupId}`),

  /** The group's next version, for a change made outside the editor's own fields (its stone places). */
  nextVersion: (tx: DbOrTx, id: number, version: number) =>
    tx.execute(sql`update product_group set version = ${version}, updated_at = now() where id = ${id}`),

  /** Photographs change beside the fields an editor has open, so they mark the time but not the version. */
  touch: (tx: DbOrTx, id: number) => tx.execute(sql`update product_group set updated_at = now() where id = ${id}`),

  replaceAttributes: async (tx: DbOrTx, id: number, attributes: Array<{ label: string; value: string }>) => {
    await tx.execute(sql`delete from product_attribute where group_id = ${id}`);
    if (attributes.length)
      await tx.execute(sql`insert into product_attribute (group_id, label, value) values
        ${sql.join(
          attributes.map((a) => sql`(${id}, ${a.label}, ${a.value})`),
          sql`, `,
        )}`);
    // Full-text search reads the attributes through search_text, as the catalogue load writes it.
    await tx.execute(sql`update product_group g set search_text =
      coalesce((select string_agg(a.label || ' ' || a.value, ' ' order by a.label, a.value) from product_attribute a where a.group_id = g.id), '')
      || ' ' || g.series where g.id = ${id}`);
  },

  /** The group's "from" price, a read-optimised copy of its cheapest active variant. */
  refreshMinPrice: (tx: DbOrTx, id: number) =>
    tx.execute(sql`update product_group g set min_price_cents =
      coalesce((select min(v.price_cents) from product v where v.group_id = g.id and v.active), g.min_price_cents) where g.id = ${id}`),

  addPhoto: (tx: DbOrTx, p: PhotoRow & { groupId: number; sourceUrl?: string | null }) =>
    tx.insert(productPhoto).values(p),

  removePhoto: async (tx: DbOrTx, groupId: number, key: string) =>
    rowsOf<PhotoRow>(
      await tx.execute(sql`delete from product_photo where group_id = ${groupId} and key = ${key}
        returning key, alt, width, height, position, metal`),
    )[0] ?? null,

  setPhotoPosition: (tx: DbOrTx, groupId: number, key: string, position: number) =>
    tx.execute(sql`update product_photo set position = ${position} where group_id = ${groupId} and key = ${key}`),

  setPhotoDetails: (tx: DbOrTx, groupId: number, key: string, d: { alt: string; metal: string | null }) =>
    tx.execute(
      sql`update product_photo set alt = ${d.alt}, metal = ${d.metal} where group_id = ${groupId} and key = ${key}`,
    ),
};

// Supplier designs as product feeds write them (by supplier and series; variants by SKU).

export interface ExistingDesign {
  id: number;
  categoryId: number;
  description: string;
  longDescription: string;
  published: boolean;
  heldReason: string | null;
  version: number;
}
/** A variant as the catalogue holds it (typed from the table). */
export type ExistingVariant = Pick<
  typeof product.$inferSelect,
  | 'id'
  | 'groupId'
  | 'sku'
  | 'metal'
  | 'fingerSize'
  | 'lengthIn'
  | 'weightG'
  | 'priceCents'
  | 'costCents'
  | 'stock'
  | 'active'
  | 'leadDays'
>;
/** What a feed writes of a variant: everything but its identity, with the cost it came at. */
export type NewVariant = Omit<ExistingVariant, 'id' | 'groupId' | 'costCents'> & { costCents: number };
const values = <T>(rows: T[], row: (r: T) => ReturnType<typeof sql>) =>
  sql.join(
    rows.map((r) => sql`(${row(r)})`),
    sql`, `,
  );

export const supplierDesignRepository = {
  design: async (db: DbOrTx, supplierId: number, series: string, lock: boolean) =>
    rowsOf<ExistingDesign>(
      await db.execute(sql`select id, category_id as "categoryId", description, long_description as "longDescription",
        published, held_reason as "heldReason", version
        from product_group where supplier_id = ${supplierId} and supplier_series = ${series} ${lock ? sql`for update` : sql``}`),
    )[0] ?? null,

  variantsBySku: async (db: DbOrTx, skus: string[]) =>
    skus.length
      ? rowsOf<ExistingVariant>(
          await db.execute(sql`select id, group_id as "groupId", sku, metal, finger_size as "fingerSize", length_in as "lengthIn",
            weight_g as "weightG", price_cents as "priceCents", cost_cents as "costCents", stock, active, lead_days as "leadDays"
            from product where sku in (${sql.join(
              skus.map((s) => sql`${s}`),
              sql`, `,
            )})`),
        )
      : [],

  attributes: async (db: DbOrTx, groupId: number) =>
    rowsOf<{ label: string; value: string }>(
      await db.execute(
        sql`select label, value from product_attribute where group_id = ${groupId} order by label, value`,
      ),
    ),

  photoSources: async (db: DbOrTx, groupId: number) =>
    new Set(
      rowsOf<{ url: string }>(
        await db.execute(
          sql`select source_url as url from product_photo where group_id = ${groupId} and source_url is not null`,
        ),
      ).map((r) => r.url),
    ),

  /** How the category's own pieces are drawn (its most common kind), for a design with no photograph. */
  drawingOf: async (db: DbOrTx, categoryId: number) =>
    rowsOf<{ kind: ItemKind; image: ImageSpec }>(
      await db.execute(sql`select g.kind, g.image from product_group g
        join category_view c on c.id = ${categoryId}
        where g.category_id = c.id or g.category_id = c.parent_id or g.category_id in (select id from category_view where parent_id = c.id)
        group by g.kind, g.image order by count(*) desc limit 1`),
    )[0] ?? null,

  insertDesign: async (
    tx: DbOrTx,
    g: {
      supplierId: number;
      series: string;
      categoryId: number;
      description: string;
      longDescription: string;
      kind: ItemKind;
      image: ImageSpec;
      defaultMetal: string;
      published: boolean;
      heldReason: string | null;
    },
  ) =>
    rowsOf<{ id: number }>(
      await tx.execute(sql`insert into product_group (id, series, category_id, description, long_description, kind, image,
        min_price_cents, default_metal, created_at, published, supplier_id, supplier_series, held_reason)
        values (nextval('feed_product_group_id_seq'), ${g.series}, ${g.categoryId}, ${g.description}, ${g.longDescription}, ${g.kind},
          ${JSON.stringify(g.image)}::jsonb, 0, ${g.defaultMetal}, now(), ${g.published}, ${g.supplierId}, ${g.series}, ${g.heldReason})
        returning id`),
    )[0]!.id,

  updateDesign: (
    tx: DbOrTx,
    id: number,
    g: {
      categoryId: number;
      description: string;
      longDescription: string;
      defaultMetal: string;
      published: boolean;
      heldReason: string | null;
    },
  ) =>
    tx.execute(sql`update product_group set category_id = ${g.categoryId}, description = ${g.description},
      long_description = ${g.longDescription}, default_metal = ${g.defaultMetal}, published = ${g.published},
      held_reason = ${g.heldReason}, version = version + 1, updated_at = now() where id = ${id}`),

  insertVariants: (tx: DbOrTx, groupId: number, vs: NewVariant[]) =>
    vs.length
      ? tx.execute(sql`insert into product (id, group_id, sku, metal, finger_size, length_in, weight_g, price_cents, cost_cents, stock, active, lead_days)
          values ${values(
            vs,
            (v) =>
              sql`nextval('feed_product_id_seq'), ${groupId}, ${v.sku}, ${v.metal}, ${v.fingerSize}, ${v.lengthIn}, ${v.weightG}, ${v.priceCents}, ${v.costCents}, ${v.stock}, ${v.active}, ${v.leadDays}`,
          )}`)
      : Promise.resolve(),

  updateVariant: (tx: DbOrTx, id: number, v: NewVariant) =>
    tx.execute(sql`update product set metal = ${v.metal}, finger_size = ${v.fingerSize}, length_in = ${v.lengthIn}, weight_g = ${v.weightG},
      price_cents = ${v.priceCents}, cost_cents = ${v.costCents}, stock = ${v.stock}, active = ${v.active}, lead_days = ${v.leadDays}
      where id = ${id}`),

  addPhoto: (
    tx: DbOrTx,
    p: {
      key: string;
      groupId: number;
      position: number;
      alt: string;
      width: number;
      height: number;
      sourceUrl: string;
    },
  ) =>
    tx.execute(sql`insert into product_photo (key, group_id, position, alt, width, height, source_url)
      values (${p.key}, ${p.groupId}, ${p.position}, ${p.alt}, ${p.width}, ${p.height}, ${p.sourceUrl})`),

  nextPhotoPosition: async (tx: DbOrTx, groupId: number) =>
    rowsOf<{ n: number }>(
      await tx.execute(
        sql`select coalesce(max(position) + 1, 0)::int as n from product_photo where group_id = ${groupId}`,
      ),
    )[0]!.n,

  /** Supplier products on sale with their cost, for repricing when the markup rules change. */
  repricable: async (db: DbOrTx) =>
    rowsOf<{ id: number; groupId: number; costCents: number; priceCents: number }>(
      await db.execute(sql`select id, group_id as "groupId", cost_cents as "costCents", price_cents as "priceCents"
        from product where cost_cents is not null`),
    ),

  setPrice: (tx: DbOrTx, id: number, priceCents: number) =>
    tx.execute(sql`update product set price_cents = ${priceCents} where id = ${id}`),
};

// Pieces an order takes from what is on hand and gives back (the order module asks).
// One text whatever the number of variants (a list, not one parameter each): planned once.
const PRODUCT_COSTS = `select id, cost_cents as "costCents" from product where id = any(string_to_array($1, ',')::int[])`;
export const productStockRepository = {
  /** What each variant cost the store (null: not known), as an order records it at the sale. */
  costs: async (db: DbOrTx, ids: number[]) =>
    new Map(
      ids.length
        ? (
            await named<{ id: number; costCents: number | null }>(db, 'product_costs', PRODUCT_COSTS, [ids.join(',')])
          ).map((r) => [r.id, r.costCents])
        : [],
    ),
  /** Taken only while enough are left (the row lock orders two checkouts). */
  take: async (tx: DbOrTx, productId: number, quantity: number) =>
    rowsOf<{ id: number }>(
      await tx.execute(
        sql`update product set stock = stock - ${quantity} where id = ${productId} and stock >= ${quantity} returning id`,
      ),
    ).length === 1,
  /** Back on hand, for a design whose stock is counted. */
  giveBack: (tx: DbOrTx, productId: number, quantity: number) =>
    tx.execute(sql`update product p set stock = p.stock + ${quantity} from product_group g
      where p.id = ${productId} and g.id = p.group_id and g.stock_tracked`),
};

// Prices other modules work out and this module writes: the configurator's, and a metal's new rate.
/**
 * `roundPrice(x, rounding, 'nearest')` in SQL, for prices moved in the database: an integer number of
 * cents (price-rounding.test.ts holds the two to the same answers).
 */
export function roundPriceSql(x: SQL, rounding: Rounding): SQL {
  const v = sql`(${x})::numeric`;
  if (rounding === 'cent') return sql`round(${v})::int`;
  if (rounding === 'dollar') return sql`(round(${v} / 100) * 100)::int`;
  if (rounding === 'end-0') return sql`(round(${v} / 1000) * 1000)::int`;
  return sql`(greatest(9, round((${v} / 100 + 1) / 10) * 10 - 1) * 100)::int`;
}

export const productPriceRepository = {
  /** Writes catalogue prices (group "from", variant price) where they changed; answers how many rows changed. */
  setConfiguredPrices: async (
    db: DbOrTx,
    groups: Array<[number, number, Record<string, number>]>,
    variants: Array<[number, number]>,
  ) => {
    let changed = 0;
    const count = (r: unknown) =>
      (r as { rowCount?: number; affectedRows?: number }).rowCount ??
      (r as { affectedRows?: number }).affectedRows ??
      0;
    if (groups.length) {
      changed += count(
        await db.execute(sql`
        update product_group g set min_price_cents = v.cents, min_price_by_metal = v.by_metal
        from unnest(${sql.param(groups.map((r) => r[0]))}::int[], ${sql.param(groups.map((r) => r[1]))}::int[],
          ${sql.param(groups.map((r) => JSON.stringify(r[2])))}::jsonb[]) as v(id, cents, by_metal)
        where g.id = v.id and (g.min_price_cents <> v.cents or g.min_price_by_metal is distinct from v.by_metal)`),
      );
    }
    if (variants.length) {
      changed += count(
        await db.execute(sql`
        update product p set price_cents = v.cents
        from unnest(${sql.param(variants.map((r) => r[0]))}::int[], ${sql.param(variants.map((r) => r[1]))}::int[]) as v(id, cents)
        where p.id = v.id and p.price_cents <> v.cents`),
      );
    }
    return changed;
  },

  /**
   * Pieces sold as they are carry the metal in their price: the metal's share moves by weight ×
   * the change per gram, labour stays, and prices end as the store's rounding says. Each touched group's
   * "from" price follows.
   */
  repricePieces: async (tx: DbOrTx, quality: string, deltaCentsPerGram: number, rounding: Rounding) => {
    const changed = rowsOf<{ group_id: number }>(
      await tx.execute(sql`
      update product p set price_cents = greatest(100, ${roundPriceSql(sql`p.price_cents + p.weight_g * ${deltaCentsPerGram}`, rounding)})
      from product_group g
      where g.id = p.group_id and not g.configurable and g.pricing = 'metal' and p.metal = ${quality}
      returning p.group_id`),
    );
    await tx.execute(sql`
      update product_group g set min_price_cents = (select min(p.price_cents) from product p where p.group_id = g.id and p.active)
      where not g.configurable and g.id in (select distinct p.group_id from product p where p.metal = ${quality})`);
    return changed.length;
  },
};

/** Designs placed by hand in categories (category_placement). */
export const placementRepository = {
  categoryName: async (db: DbOrTx, id: number) =>
    rowsOf<{ name: string }>(await db.execute(sql`select name from category_view where id = ${id}`))[0]?.name ?? null,
  /** The placed designs of a category in order, then the rest of its own as the listing orders them. */
  pieces: async (db: DbOrTx, categoryId: number, limit: number) =>
    rowsOf<CategoryArrangement['pieces'][number]>(
      await db.execute(sql`
      select g.id as "groupId", g.description, g.series, g.category_id = ${categoryId} as home,
             p.position is not null as placed, g.published
      from product_group g left join category_placement p on p.group_id = g.id and p.category_id = ${categoryId}
      where g.archived_at is null and (g.category_id = ${categoryId} or p.position is not null)
      order by p.position nulls last, g.featured desc, g.id
      limit ${limit}`),
    ),
  /** Of these design ids, the ones in the catalogue (not archived). */
  live: async (db: DbOrTx, ids: number[]) =>
    ids.length
      ? rowsOf<{ id: number }>(
          await db.execute(
            sql`select id from product_group where archived_at is null and id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ),
        ).map((r) => r.id)
      : [],
  placed: async (db: DbOrTx, categoryId: number) =>
    rowsOf<{ groupId: number }>(
      await db.execute(
        sql`select group_id as "groupId" from category_placement where category_id = ${categoryId} order by position`,
      ),
    ).map((r) => r.groupId),
  replace: async (db: DbOrTx, categoryId: number, groupIds: number[]) => {
    await db.execute(sql`delete from category_placement where category_id = ${categoryId}`);
    if (groupIds.length)
      await db.execute(
        sql`insert into category_placement (category_id, group_id, position) values ${sql.join(
          groupIds.map((g, i) => sql`(${categoryId}, ${g}, ${i})`),
          sql`, `,
        )}`,
      );
  },
};
