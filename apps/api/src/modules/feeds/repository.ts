import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import {
  diamond,
  markupRule,
  supplier,
  type ImageSpec,
  type ItemKind,
  type product,
} from '../../db/schema/products.ts';
import type { CategoryMappingRow } from '@facet/contracts/admin-feeds';
import type { MarkupRule } from './markup.ts';
import type { FeedDesign } from './product-feed.ts';

export type ExistingStone = Pick<
  typeof diamond.$inferSelect,
  | 'id'
  | 'supplierStock'
  | 'status'
  | 'holdReason'
  | 'priceCents'
  | 'costCents'
  | 'origin'
  | 'shape'
  | 'caratPoints'
  | 'color'
  | 'clarity'
  | 'cut'
  | 'polish'
  | 'symmetry'
  | 'fluorescence'
  | 'lab'
  | 'certificate'
>;
export type NewStone = typeof diamond.$inferInsert;

/** The columns a feed writes: property → column. */
const INSERT_COLUMNS: Array<[keyof NewStone, string]> = [
  ['serial', 'serial'],
  ['origin', 'origin'],
  ['shape', 'shape'],
  ['caratPoints', 'carat_points'],
  ['color', 'color'],
  ['colorRank', 'color_rank'],
  ['clarity', 'clarity'],
  ['clarityRank', 'clarity_rank'],
  ['cut', 'cut'],
  ['cutRank', 'cut_rank'],
  ['polish', 'polish'],
  ['symmetry', 'symmetry'],
  ['fluorescence', 'fluorescence'],
  ['depthPct', 'depth_pct'],
  ['tablePct', 'table_pct'],
  ['lwRatio', 'lw_ratio'],
  ['lengthMm', 'length_mm'],
  ['widthMm', 'width_mm'],
  ['depthMm', 'depth_mm'],
  ['lab', 'lab'],
  ['certificate', 'certificate'],
  ['priceCents', 'price_cents'],
  ['costCents', 'cost_cents'],
  ['status', 'status'],
  ['supplierId', 'supplier_id'],
  ['supplierStock', 'supplier_stock'],
  ['growth', 'growth'],
  ['imageUrl', 'image_url'],
  ['videoUrl', 'video_url'],
  ['certificateUrl', 'certificate_url'],
  ['createdAt', 'created_at'],
];

/** What an update rewrites: every feed column but the stone's identity (serial, supplier, stock, first listed). */
const UPDATE_COLUMNS: Array<[keyof NewStone, string]> = [
  ...INSERT_COLUMNS.filter(([k]) => !['serial', 'supplierId', 'supplierStock', 'createdAt'].includes(k)),
  // A stone the feed withdrew and lists again comes back without the withdrawal's reason.
  ['holdReason', 'hold_reason'],
  ['holdUntil', 'hold_until'],
];

export const feedsRepository = {
  supplierByCode: async (db: DbOrTx, code: string) =>
    (await db.select().from(supplier).where(eq(supplier.code, code)).limit(1))[0] ?? null,
  addSupplier: async (db: DbOrTx, code: string, name: string) =>
    (await db.insert(supplier).values({ code, name }).onConflictDoNothing().returning())[0] ??
    (await db.select().from(supplier).where(eq(supplier.code, code)).limit(1))[0]!,

  markupRules: async (db: DbOrTx): Promise<MarkupRule[]> =>
    (await db.select().from(markupRule).orderBy(asc(markupRule.position))).map((r) => ({
      origin: r.origin,
      caratMin: r.caratMin,
      caratMax: r.caratMax,
      costMinCents: r.costMinCents,
      costMaxCents: r.costMaxCents,
      multiplier: r.multiplier,
      rounding: r.rounding,
    })),

  replaceMarkupRules: async (tx: DbOrTx, rules: MarkupRule[]) => {
    await tx.delete(markupRule);
    await tx.insert(markupRule).values(rules.map((r, i) => ({ ...r, position: i + 1 })));
  },
  /** Supplier stones whose price follows the rules now: on sale, or withdrawn by their feed. */
  repricable: async (db: DbOrTx) =>
    rowsOf<{ id: number; origin: 'natural' | 'lab'; caratPoints: number; costCents: number; priceCents: number }>(
      await db.execute(sql`select id, origin, carat_points as "caratPoints", cost_cents as "costCents", price_cents as "priceCents"
        from diamond where (supplier_id is not null or marked_up) and cost_cents is not null
          and (status = 'available' or (status = 'withdrawn' and hold_reason like 'feed:%'))`),
    ),
  /** A spread of supplier stones on sale, cheapest to dearest, for a preview. */
  pricedSample: async (db: DbOrTx, n: number) =>
    rowsOf<{
      id: number;
      serial: string;
      origin: 'natural' | 'lab';
      caratPoints: number;
      costCents: number;
      priceCents: number;
    }>(
      await db.execute(sql`with s as (
          select id, serial, origin, carat_points as "caratPoints", cost_cents as "costCents", price_cents as "priceCents",
            ntile(${n}) over (order by cost_cents) as tile
          from diamond where supplier_id is not null and cost_cents is not null and status = 'available')
        select distinct on (tile) id, serial, origin, "caratPoints", "costCents", "priceCents" from s order by tile, "costCents"`),
    ),
  setPrices: async (tx: DbOrTx, changes: Array<{ id: number; priceCents: number }>) => {
    for (let i = 0; i < changes.length; i += 1_000) {
      const part = changes.slice(i, i + 1_000);
      await tx.execute(sql`update diamond d set price_cents = c.price
        from json_to_recordset(${JSON.stringify(part.map((c) => ({ id: c.id, price: c.priceCents })))}::json) as c(id int, price int)
        where d.id = c.id`);
    }
  },
  /**
   * The supplier's stones among these stock numbers (one JSON parameter, not a thousand). Each
   * number is looked up through the (supplier, stock) index: as a plain IN the planner, guessing
   * the list's size, chose to scan the whole table once it held the seed's stones (3 s a batch).
   */
  existing: async (db: DbOrTx, supplierId: number, stocks: string[]) =>
    rowsOf<ExistingStone>(
      await db.execute(sql`select d.* from json_array_elements_text(${JSON.stringify(stocks)}::json) as s(stock)
        cross join lateral (
          select id, supplier_stock as "supplierStock", status, hold_reason as "holdReason", price_cents as "priceCents",
            cost_cents as "costCents", origin, shape, carat_points as "caratPoints", color, clarity, cut, polish,
            symmetry, fluorescence, lab, certificate
          from diamond where supplier_id = ${supplierId} and supplier_stock = s.stock) d`),
    ),

  /**
   * New stones in one statement with one parameter (the rows as JSON): a thousand rows of thirty
   * columns as separate parameters cost the driver and the planner far more than the insert.
   */
  insert: async (tx: DbOrTx, rows: NewStone[]) => {
    if (!rows.length) return;
    const cols = INSERT_COLUMNS.map(([, c]) => sql.identifier(c));
    const json = JSON.stringify(
      rows.map((r) =>
        Object.fromEntries(
          INSERT_COLUMNS.map(([k, c]) => [c, r[k] instanceof Date ? (r[k] as Date).toISOString() : (r[k] ?? null)]),
        ),
      ),
    );
    await tx.execute(sql`insert into diamond (${sql.join(cols, sql`, `)})
      select ${sql.join(cols, sql`, `)} from json_populate_recordset(null::diamond, ${json}::json)`);
  },
  /** Changed stones, a batch in one statement (the rows as JSON, as `insert`): every feed column is set. */
  updateMany: async (tx: DbOrTx, rows: Array<{ id: number } & NewStone>) => {
    if (!rows.length) return;
    const cols = UPDATE_COLUMNS.map(([, c]) => c);
    const json = JSON.stringify(
      rows.map((r) => ({ id: r.id, ...Object.fromEntries(UPDATE_COLUMNS.map(([k, c]) => [c, r[k] ?? null])) })),
    );
    await tx.execute(sql`update diamond d set ${sql.join(
      cols.map((c) => sql`${sql.identifier(c)} = c.${sql.identifier(c)}`),
      sql`, `,
    )}
      from json_populate_recordset(null::diamond, ${json}::json) c where d.id = c.id`);
  },

  /** The supplier's stones a feed may withdraw (on sale now), `limit` at a time after id `after`. */
  listed: async (db: DbOrTx, supplierId: number, after: number, limit: number) =>
    rowsOf<{ id: number; stock: string }>(
      await db.execute(
        sql`select id, supplier_stock as stock from diamond
          where supplier_id = ${supplierId} and status = 'available' and id > ${after} order by id limit ${limit}`,
      ),
    ),
  withdraw: async (tx: DbOrTx, ids: number[], reason: string) => {
    if (ids.length)
      await tx
        .update(diamond)
        .set({ status: 'withdrawn', holdReason: reason })
        .where(and(inArray(diamond.id, ids), eq(diamond.status, 'available')));
  },
};

// The SQL of product feeds: a supplier's category mapping, designs waiting for one, and the
// designs and variants a feed writes (by supplier and series; variants by SKU).

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
/** A product group as the mapping list shows it (the contract's row, its date not yet text). */
export type CategoryMapping = Omit<CategoryMappingRow, 'firstSeenAt'> & { firstSeenAt: Date };

const values = <T>(rows: T[], row: (r: T) => ReturnType<typeof sql>) =>
  sql.join(
    rows.map((r) => sql`(${row(r)})`),
    sql`, `,
  );

export const productFeedRepository = {
  /** Group description → category (null: waiting for the manager) for one supplier. */
  mappings: async (db: DbOrTx, supplierId: number) =>
    new Map(
      rowsOf<{ groupDescription: string; categoryId: number | null }>(
        await db.execute(sql`select group_description as "groupDescription", category_id as "categoryId"
          from supplier_category where supplier_id = ${supplierId}`),
      ).map((r) => [r.groupDescription, r.categoryId]),
    ),

  /** Every group the suppliers' feeds named (unplaced first), with where it goes and how many designs wait or are listed. */
  mappingList: async (db: DbOrTx) =>
    rowsOf<CategoryMapping>(
      await db.execute(sql`select s.code as supplier, m.group_description as "groupDescription", m.category_id as "categoryId", c.name as "categoryName",
        (select count(*)::int from feed_product_waiting w where w.supplier_id = m.supplier_id and w.group_description = m.group_description) as waiting,
        (select count(*)::int from product_group g where g.supplier_id = m.supplier_id and g.description = m.group_description) as designs,
        m.first_seen_at as "firstSeenAt"
        from supplier_category m join supplier s on s.id = m.supplier_id left join category c on c.id = m.category_id
        order by m.category_id is not null, s.code, m.group_description`),
    ),

  addUnmapped: (db: DbOrTx, supplierId: number, groupDescription: string) =>
    db.execute(sql`insert into supplier_category (supplier_id, group_description) values (${supplierId}, ${groupDescription})
      on conflict do nothing`),

  setMapping: (db: DbOrTx, supplierId: number, groupDescription: string, categoryId: number | null) =>
    db.execute(sql`insert into supplier_category (supplier_id, group_description, category_id) values (${supplierId}, ${groupDescription}, ${categoryId})
      on conflict (supplier_id, group_description) do update set category_id = excluded.category_id, updated_at = now()`),

  wait: (db: DbOrTx, supplierId: number, d: FeedDesign) =>
    db.execute(sql`insert into feed_product_waiting (supplier_id, series, group_description, draft)
      values (${supplierId}, ${d.series}, ${d.groupDescription}, ${JSON.stringify(d)}::jsonb)
      on conflict (supplier_id, series) do update set group_description = excluded.group_description, draft = excluded.draft, updated_at = now()`),

  stopWaiting: (db: DbOrTx, supplierId: number, series: string) =>
    db.execute(sql`delete from feed_product_waiting where supplier_id = ${supplierId} and series = ${series}`),

  /** Designs waiting whose group now has a category, a page at a time. */
  waitingMapped: async (db: DbOrTx, supplierId: number, afterSeries: string, limit: number) =>
    rowsOf<{ series: string; draft: FeedDesign }>(
      await db.execute(sql`select w.series, w.draft from feed_product_waiting w
        join supplier_category m on m.supplier_id = w.supplier_id and m.group_description = w.group_description
        where w.supplier_id = ${supplierId} and m.category_id is not null and w.series > ${afterSeries}
        order by w.series limit ${limit}`),
    ),

  countWaitingMapped: async (db: DbOrTx, supplierId: number) =>
    rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from feed_product_waiting w
        join supplier_category m on m.supplier_id = w.supplier_id and m.group_description = w.group_description
        where w.supplier_id = ${supplierId} and m.category_id is not null`),
    )[0]!.n,

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
        join category c on c.id = ${categoryId}
        where g.category_id = c.id or g.category_id = c.parent_id or g.category_id in (select id from category where parent_id = c.id)
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
