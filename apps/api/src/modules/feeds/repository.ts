import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { diamond, markupRule, supplier } from '../../db/schema/products.ts';
import type { MarkupRule } from './markup.ts';

export type SupplierRow = typeof supplier.$inferSelect;
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
        from diamond where supplier_id is not null and cost_cents is not null
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
