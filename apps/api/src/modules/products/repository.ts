import { eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { productPhoto, type ImageSpec, type ItemKind, type productGroup } from '../../db/schema/products.ts';
import { configurationModel, type StoneLocation } from '../../db/schema/configurator.ts';
import type { AdminProductQuery } from '@facet/contracts/admin-catalogue';
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
}

const GROUP_COLS = sql`g.id, g.version, g.series, g.description, g.long_description as "longDescription", g.kind, g.configurable,
  g.published, g.min_price_cents as "minPriceCents", g.default_metal as "defaultMetal", g.category_id as "categoryId", g.image,
  g.updated_at as "updatedAt", c.name as "categoryName", g.held_reason as "heldReason",
  (select s.code from supplier s where s.id = g.supplier_id) as supplier, g.archived_at as "archivedAt", g.pricing,
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
      from product_group g join category c on c.id = g.category_id
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
              sql`select count(*)::int as n from product_group g join category c on c.id = g.category_id where ${where}`,
            ),
          )[0]!.n
        : 0);
    return { rows, count };
  },

  /** Categories that hold product groups, for the list's filter. */
  categories: async (db: DbOrTx) =>
    rowsOf<{ id: number; name: string; section: string }>(
      await db.execute(sql`select c.id, c.name, c.section from category c
        where exists (select 1 from product_group g where g.category_id = c.id) order by c.section, c.position`),
    ),

  /** Every category, in menu order (where a supplier's product group may be placed). */
  allCategories: async (db: DbOrTx) =>
    rowsOf<{ id: number; name: string; section: string }>(
      await db.execute(sql`select c.id, c.name, c.section from category c order by c.section, c.position`),
    ),

  group: async (db: DbOrTx, id: number, lock = false) =>
    rowsOf<GroupRow>(
      await db.execute(sql`select ${GROUP_COLS} from product_group g join category c on c.id = g.category_id
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
      stock: number;
      active: boolean;
    }>(
      await db.execute(sql`select v.id, v.sku, v.metal, coalesce(m.name, v.metal) as "metalName", v.finger_size as "fingerSize",
        v.length_in as "lengthIn", v.weight_g as "weightG", v.price_cents as "priceCents", v.stock, v.active
        from product v left join metal_rate m on m.quality = v.metal where v.group_id = ${id}
        order by m.position nulls last, v.finger_size nulls first, v.length_in nulls first, v.id`),
    ),

  photos: async (db: DbOrTx, id: number) =>
    rowsOf<PhotoRow>(
      await db.execute(sql`select key, alt, width, height, position from product_photo where group_id = ${id}
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
    rowsOf<{ id: number }>(await db.execute(sql`select id from category where id = ${id}`)).length === 1,

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

  /** How a setting is made: casting labour and weight, metals, sizes and the places for its stones. */
  insertModel: (
    tx: DbOrTx,
    m: {
      groupId: number;
      castingLabourCents: number;
      baseWeightG: number;
      metals: string[];
      sizes: number[];
      locations: StoneLocation[];
    },
  ) => tx.insert(configurationModel).values({ ...m, widthsMm: null, styles: null }),

  /** Melee of this shape and size on sale: accent places are filled from it. */
  meleeExists: async (db: DbOrTx, shape: string, sizeMm: number) =>
    rowsOf<{ id: number }>(
      await db.execute(
        sql`select id from melee_parcel where shape = ${shape} and abs(size_mm - ${sizeMm}) < 0.001 limit 1`,
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
        from metal_rate order by position`),
    ),

  /** Every category with whether it is hidden, in menu order (the new-design form's choice). */
  categoriesForDesign: async (db: DbOrTx) =>
    rowsOf<{ id: number; name: string; section: string; hidden: boolean }>(
      await db.execute(sql`select id, name, section, hidden from category order by section, position, name`),
    ),

  setVariant: (tx: DbOrTx, groupId: number, v: { id: number; sku: string; priceCents: number; stock: number }) =>
    tx.execute(sql`update product set sku = ${v.sku}, price_cents = ${v.priceCents}, stock = ${v.stock}
      where id = ${v.id} and group_id = ${groupId}`),

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
        returning key, alt, width, height, position`),
    )[0] ?? null,

  setPhotoPosition: (tx: DbOrTx, groupId: number, key: string, position: number) =>
    tx.execute(sql`update product_photo set position = ${position} where group_id = ${groupId} and key = ${key}`),
};
