import { and, eq, inArray, sql } from 'drizzle-orm';
import { diamond } from './schema.ts';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import type { AdminStoneRow, StoneStatus } from '@facet/contracts/admin-catalogue';
import { withStoneTitle as titled, type StoneFacts as Facts } from '@facet/contracts/stone-names';
import type { CLARITIES, COLORS, CUTS, FINISHES, FLUORESCENCE, LABS, SHAPES } from '@facet/contracts/grades';

/** A stone as staff see it (hold times as the database gives them; the service writes them as ISO). */
export type StoneRow = AdminStoneRow;
export type StoneKind = StoneRow['kind'];

const table = (kind: StoneKind) => (kind === 'diamond' ? sql`diamond` : sql`notable_gemstone`);

// A stone's facts; its title is made from them by contracts/stone-names.ts, as everywhere else.
const SELECT = sql`
  select 'diamond' as kind, d.id, d.serial, d.certificate,
    d.carat_points as "caratPoints", d.shape, d.origin, d.color, d.clarity, null::text as "typeName",
    d.price_cents as "priceCents", d.status, d.hold_reason as "holdReason", d.hold_until as "holdUntil",
    (select o.number from order_stone_view s join customer_order_view o on o.id = s.order_id where s.kind = 'diamond' and s.stone_id = d.id and s.live limit 1) as "orderNumber"
  from diamond d`;
const SELECT_GEM = sql`
  select 'gemstone' as kind, g.id, g.serial, g.agta_certificate as certificate,
    g.carat_points as "caratPoints", g.shape, null::text as origin, g.color, null::text as clarity,
    (select t.name from gemstone_type t where t.slug = g.type_slug) as "typeName",
    g.price_cents as "priceCents", g.status, g.hold_reason as "holdReason", g.hold_until as "holdUntil",
    (select o.number from order_stone_view s join customer_order_view o on o.id = s.order_id where s.kind = 'gemstone' and s.stone_id = g.id and s.live limit 1) as "orderNumber"
  from notable_gemstone g`;
type StoneFacts = Omit<StoneRow, 'title'> & Facts;

export const inventoryRepository = {
  /** Stones by stock or certificate number (exact, any case), or the ones staff set aside. */
  find: async (db: DbOrTx, q: { text?: string; setAside?: boolean }) => {
    const t = q.text?.trim().toUpperCase();
    const dWhere = t
      ? sql`where upper(d.serial) = ${t} or upper(d.certificate) = ${t}`
      : sql`where d.status in ('held', 'withdrawn') or (d.added_by is not null and d.status <> 'sold')`;
    const gWhere = t
      ? sql`where upper(g.serial) = ${t} or upper(g.agta_certificate) = ${t}`
      : sql`where g.status in ('held', 'withdrawn') or (g.added_by is not null and g.status <> 'sold')`;
    return rowsOf<StoneFacts>(
      await db.execute(sql`${SELECT} ${dWhere} union all ${SELECT_GEM} ${gWhere} order by 2 limit 200`),
    ).map(titled);
  },
  one: async (db: DbOrTx, kind: StoneKind, id: number) =>
    rowsOf<StoneFacts>(
      await db.execute(
        sql`${kind === 'diamond' ? SELECT : SELECT_GEM} where ${kind === 'diamond' ? sql`d.id` : sql`g.id`} = ${id} for update`,
      ),
    ).map(titled)[0] ?? null,
  /** Changes a stone's sale state only from the state the caller saw (a sale in between wins). */
  setStatus: async (
    tx: DbOrTx,
    kind: StoneKind,
    id: number,
    from: StoneStatus[],
    to: { status: StoneStatus; holdReason: string | null; holdUntil: Date | null },
  ) =>
    rowsOf<{ id: number }>(
      await tx.execute(sql`update ${table(kind)} set status = ${to.status}, hold_reason = ${to.holdReason},
        hold_until = ${to.holdUntil ? to.holdUntil.toISOString() : null}::timestamptz
        where id = ${id} and status in (${sql.join(
          from.map((f) => sql`${f}`),
          sql`, `,
        )}) returning id`),
    ).length === 1,
  /** When the next hold ends (null: none is held with an end). */
  nextHoldEnd: async (db: DbOrTx) =>
    rowsOf<{ at: string | null }>(
      await db.execute(sql`select least(
        (select min(hold_until) from diamond where status = 'held'),
        (select min(hold_until) from notable_gemstone where status = 'held')) as at`),
    ).map((r) => (r.at ? new Date(r.at) : null))[0] ?? null,
  /**
   * Holds whose time is up go back on sale (any instance may run it; the update tells the others).
   * A table is updated only when one of its holds is due: even an update of no rows fires the
   * catalogue trigger, which would drop every instance's kept stone pages each minute.
   */
  releaseExpired: async (db: DbOrTx) => {
    const [due] = rowsOf<{ d: boolean; g: boolean }>(
      await db.execute(sql`select
        exists (select 1 from diamond where status = 'held' and hold_until < now()) as d,
        exists (select 1 from notable_gemstone where status = 'held' and hold_until < now()) as g`),
    );
    const d = !due?.d
      ? []
      : rowsOf<{ id: number }>(
          await db.execute(sql`update diamond set status = 'available', hold_reason = null, hold_until = null
        where status = 'held' and hold_until < now() returning id`),
        );
    const g = !due?.g
      ? []
      : rowsOf<{ id: number }>(
          await db.execute(sql`update notable_gemstone set status = 'available', hold_reason = null, hold_until = null
        where status = 'held' and hold_until < now() returning id`),
        );
    return d.length + g.length;
  },
};

// Diamonds of the store's own, entered and edited by hand.
export interface DiamondRow {
  id: number;
  serial: string;
  /** When the row last changed, to the microsecond: the version an editor read. */
  version: string;
  origin: 'natural' | 'lab';
  shape: (typeof SHAPES)[number];
  caratPoints: number;
  color: (typeof COLORS)[number];
  clarity: (typeof CLARITIES)[number];
  cut: (typeof CUTS)[number];
  polish: (typeof FINISHES)[number];
  symmetry: (typeof FINISHES)[number];
  fluorescence: (typeof FLUORESCENCE)[number];
  lengthMm: number;
  widthMm: number;
  depthMm: number;
  depthPct: number;
  tablePct: number;
  lab: (typeof LABS)[number];
  certificate: string;
  priceCents: number;
  costCents: number | null;
  markedUp: boolean;
  videoUrl: string | null;
  memoFrom: string | null;
  status: StoneStatus;
  holdReason: string | null;
  supplier: string | null;
  addedBy: string | null;
}

/** The columns a hand-entered diamond sets (camelCase → column). */
const COLUMNS = {
  origin: 'origin',
  shape: 'shape',
  caratPoints: 'carat_points',
  color: 'color',
  colorRank: 'color_rank',
  clarity: 'clarity',
  clarityRank: 'clarity_rank',
  cut: 'cut',
  cutRank: 'cut_rank',
  polish: 'polish',
  symmetry: 'symmetry',
  fluorescence: 'fluorescence',
  depthPct: 'depth_pct',
  tablePct: 'table_pct',
  lwRatio: 'lw_ratio',
  lengthMm: 'length_mm',
  widthMm: 'width_mm',
  depthMm: 'depth_mm',
  lab: 'lab',
  certificate: 'certificate',
  priceCents: 'price_cents',
  costCents: 'cost_cents',
  markedUp: 'marked_up',
  videoUrl: 'video_url',
  memoFrom: 'memo_from',
  status: 'status',
  holdReason: 'hold_reason',
} as const;
export type DiamondColumns = { [K in keyof typeof COLUMNS]: unknown };

export const handDiamondRepository = {
  one: async (db: DbOrTx, id: number, lock = false) =>
    rowsOf<DiamondRow>(
      await db.execute(sql`select d.id, d.serial, d.updated_at::text as version, d.origin, d.shape, d.carat_points as "caratPoints",
        d.color, d.clarity, d.cut, d.polish, d.symmetry, d.fluorescence, d.length_mm as "lengthMm", d.width_mm as "widthMm",
        d.depth_mm as "depthMm", d.depth_pct as "depthPct", d.table_pct as "tablePct", d.lab, d.certificate,
        d.price_cents as "priceCents", d.cost_cents as "costCents", d.marked_up as "markedUp", d.video_url as "videoUrl",
        d.memo_from as "memoFrom", d.status, d.hold_reason as "holdReason", d.added_by as "addedBy",
        (select s.code from supplier_view s where s.id = d.supplier_id) as supplier
        from diamond d where d.id = ${id} ${lock ? sql`for update of d` : sql``}`),
    )[0] ?? null,

  /** A stone on sale (or set aside) under the same grading report. */
  byReport: async (db: DbOrTx, lab: string, certificate: string, except: number | null) =>
    rowsOf<{ serial: string }>(
      await db.execute(sql`select serial from diamond where lab = ${lab} and upper(certificate) = ${certificate}
        and status <> 'withdrawn' and id <> ${except ?? 0} limit 1`),
    )[0] ?? null,

  /** A new stone of the store's own; its stock number follows the seeded ones' pattern (ND…, LD…). */
  insert: async (tx: DbOrTx, c: DiamondColumns & { addedBy: string }) => {
    const [{ id }] = rowsOf<{ id: number }>(
      await tx.execute(sql`select nextval(pg_get_serial_sequence('diamond', 'id'))::int as id`),
    ) as [{ id: number }];
    const cols = Object.entries(COLUMNS);
    await tx.execute(
      sql`insert into diamond (id, serial, created_at, added_by, ${sql.join(
        cols.map(([, col]) => sql.identifier(col)),
        sql`, `,
      )}) values (${id}, ${`${c.origin === 'lab' ? 'LD' : 'ND'}H${id}`}, now(), ${c.addedBy}, ${sql.join(
        cols.map(([k]) => sql`${c[k as keyof DiamondColumns]}`),
        sql`, `,
      )})`,
    );
    return id;
  },

  update: (tx: DbOrTx, id: number, c: DiamondColumns) =>
    tx.execute(
      sql`update diamond set ${sql.join(
        Object.entries(COLUMNS).map(([k, col]) => sql`${sql.identifier(col)} = ${c[k as keyof DiamondColumns]}`),
        sql`, `,
      )}, hold_until = null where id = ${id}`,
    ),
};

// Gemstones and melee parcels of the store's own, entered and edited by hand.

export interface GemRow {
  id: number;
  serial: string;
  version: number;
  type: string;
  color: string;
  colorHex: string;
  shape: string;
  caratPoints: number;
  lengthMm: number;
  widthMm: number;
  depthMm: number;
  origin: string;
  treatment: string;
  agtaCertificate: string | null;
  priceCents: number;
  status: StoneStatus;
  holdReason: string | null;
  addedBy: string | null;
  videoUrl: string | null;
}
export interface GemColumns {
  type: string;
  color: string;
  colorHex: string;
  shape: string;
  caratPoints: number;
  lengthMm: number;
  widthMm: number;
  depthMm: number;
  origin: string;
  treatment: string;
  agtaCertificate: string | null;
  priceCents: number;
  status: 'available' | 'held';
  holdReason: string | null;
  videoUrl: string | null;
}
export interface MeleeRow {
  id: number;
  sku: string;
  version: number;
  origin: 'natural' | 'lab';
  shape: string;
  sizeMm: number;
  sieve: string;
  caratPerStone: number;
  quality: string;
  pricePerCaratCents: number;
  stock: number;
}

export const handGemRepository = {
  types: async (db: DbOrTx) =>
    rowsOf<{ slug: string; name: string }>(
      await db.execute(sql`select slug, name from gemstone_type order by position`),
    ),

  one: async (db: DbOrTx, id: number, lock = false) =>
    rowsOf<GemRow>(
      await db.execute(sql`select id, serial, version, type_slug as type, color, color_hex as "colorHex", shape,
        carat_points as "caratPoints", length_mm as "lengthMm", width_mm as "widthMm", depth_mm as "depthMm", origin,
        treatment, agta_certificate as "agtaCertificate", price_cents as "priceCents", status, hold_reason as "holdReason",
        added_by as "addedBy", video_url as "videoUrl" from notable_gemstone where id = ${id} ${lock ? sql`for update` : sql``}`),
    )[0] ?? null,

  /** A stone on sale (or set aside) under the same AGTA report. */
  byReport: async (db: DbOrTx, report: string, except: number | null) =>
    rowsOf<{ serial: string }>(
      await db.execute(sql`select serial from notable_gemstone where upper(agta_certificate) = ${report.toUpperCase()}
        and status <> 'withdrawn' and id <> ${except ?? 0} limit 1`),
    )[0] ?? null,

  insert: async (tx: DbOrTx, g: GemColumns & { addedBy: string }) => {
    const [{ id }] = rowsOf<{ id: number }>(
      await tx.execute(sql`select nextval(pg_get_serial_sequence('notable_gemstone', 'id'))::int as id`),
    ) as [{ id: number }];
    await tx.execute(sql`insert into notable_gemstone (id, serial, type_slug, color, color_hex, shape, carat_points,
      length_mm, width_mm, depth_mm, origin, treatment, agta_certificate, price_cents, status, hold_reason, added_by, video_url)
      values (${id}, ${`NGH${id}`}, ${g.type}, ${g.color}, ${g.colorHex}, ${g.shape}, ${g.caratPoints}, ${g.lengthMm},
        ${g.widthMm}, ${g.depthMm}, ${g.origin}, ${g.treatment}, ${g.agtaCertificate}, ${g.priceCents}, ${g.status},
        ${g.holdReason}, ${g.addedBy}, ${g.videoUrl})`);
    return id;
  },

  update: (tx: DbOrTx, id: number, g: GemColumns) =>
    tx.execute(sql`update notable_gemstone set type_slug = ${g.type}, color = ${g.color}, color_hex = ${g.colorHex},
      shape = ${g.shape}, carat_points = ${g.caratPoints}, length_mm = ${g.lengthMm}, width_mm = ${g.widthMm},
      depth_mm = ${g.depthMm}, origin = ${g.origin}, treatment = ${g.treatment}, agta_certificate = ${g.agtaCertificate},
      price_cents = ${g.priceCents}, status = ${g.status}, hold_reason = ${g.holdReason}, hold_until = null,
      video_url = ${g.videoUrl},
      version = version + 1 where id = ${id}`),
};

const MELEE_COLS = sql`id, sku, version, origin, shape, size_mm as "sizeMm", sieve, carat_per_stone as "caratPerStone",
  quality, price_per_carat_cents as "pricePerCaratCents", stock`;

export const meleeRepository = {
  list: async (db: DbOrTx) =>
    rowsOf<MeleeRow>(
      await db.execute(sql`select ${MELEE_COLS} from melee_parcel order by origin, shape, size_mm, quality`),
    ),
  one: async (db: DbOrTx, id: number, lock = false) =>
    rowsOf<MeleeRow>(
      await db.execute(sql`select ${MELEE_COLS} from melee_parcel where id = ${id} ${lock ? sql`for update` : sql``}`),
    )[0] ?? null,
  skuTaken: async (db: DbOrTx, sku: string, except: number | null) =>
    rowsOf<{ id: number }>(
      await db.execute(sql`select id from melee_parcel where sku = ${sku} and id <> ${except ?? 0}`),
    ).length > 0,
  insert: async (tx: DbOrTx, m: Omit<MeleeRow, 'id' | 'version'>) =>
    rowsOf<{ id: number }>(
      await tx.execute(sql`insert into melee_parcel (sku, origin, shape, size_mm, sieve, carat_per_stone, quality,
        price_per_carat_cents, stock) values (${m.sku}, ${m.origin}, ${m.shape}, ${m.sizeMm}, ${m.sieve},
        ${m.caratPerStone}, ${m.quality}, ${m.pricePerCaratCents}, ${m.stock}) returning id`),
    )[0]!.id,
  update: (tx: DbOrTx, id: number, m: Omit<MeleeRow, 'id' | 'version'>) =>
    tx.execute(sql`update melee_parcel set sku = ${m.sku}, origin = ${m.origin}, shape = ${m.shape}, size_mm = ${m.sizeMm},
      sieve = ${m.sieve}, carat_per_stone = ${m.caratPerStone}, quality = ${m.quality},
      price_per_carat_cents = ${m.pricePerCaratCents}, stock = ${m.stock}, version = version + 1 where id = ${id}`),
};

/** Photographs of loose stones, in their order (the first is the one shoppers see first). */
export const stonePhotoRepository = {
  list: async (db: DbOrTx, kind: StoneKind, id: number) =>
    rowsOf<{ key: string; alt: string; width: number; height: number; position: number }>(
      await db.execute(sql`select key, alt, width, height, position from stone_photo
        where kind = ${kind} and stone_id = ${id} order by position, key`),
    ),
  exists: async (db: DbOrTx, kind: StoneKind, id: number) =>
    rowsOf<{ id: number }>(await db.execute(sql`select id from ${table(kind)} where id = ${id} for update`)).length ===
    1,
  add: (
    tx: DbOrTx,
    p: {
      key: string;
      kind: StoneKind;
      stoneId: number;
      position: number;
      alt: string;
      width: number;
      height: number;
    },
  ) =>
    tx.execute(sql`insert into stone_photo (key, kind, stone_id, position, alt, width, height)
      values (${p.key}, ${p.kind}, ${p.stoneId}, ${p.position}, ${p.alt}, ${p.width}, ${p.height})`),
  remove: async (tx: DbOrTx, kind: StoneKind, id: number, key: string) =>
    rowsOf<{ alt: string }>(
      await tx.execute(
        sql`delete from stone_photo where kind = ${kind} and stone_id = ${id} and key = ${key} returning alt`,
      ),
    )[0] ?? null,
  /**
   * The feed's photograph in place of the one it gave before (staff photographs come first);
   * answers the replaced photographs' keys, whose files go once this commits.
   */
  putFeedPhoto: async (
    tx: DbOrTx,
    a: { kind: StoneKind; id: number; url: string },
    p: { key: string; alt: string; width: number; height: number },
  ): Promise<string[]> => {
    const gone = rowsOf<{ key: string }>(
      await tx.execute(sql`delete from stone_photo where kind = ${a.kind} and stone_id = ${a.id} and source_url is not null
        returning key`),
    );
    await tx.execute(sql`insert into stone_photo (key, kind, stone_id, position, alt, width, height, source_url)
      values (${p.key}, ${a.kind}, ${a.id}, 1000, ${p.alt}, ${p.width}, ${p.height}, ${a.url})`);
    // The stone's row changes too, so every instance's search index shows the photograph in lists.
    await (a.kind === 'diamond'
      ? tx.execute(sql`update diamond set updated_at = now() where id = ${a.id}`)
      : tx.execute(sql`update notable_gemstone set id = id where id = ${a.id}`));
    return gone.map((g) => g.key);
  },
};

/** A stone's uploaded grading report (one per stone). */
export const stoneReportRepository = {
  info: async (db: DbOrTx, kind: StoneKind, id: number) =>
    rowsOf<{ filename: string; size: number }>(
      await db.execute(sql`select filename, size from stone_report where kind = ${kind} and stone_id = ${id}`),
    )[0] ?? null,
  put: (tx: DbOrTx, kind: StoneKind, id: number, filename: string, size: number) =>
    tx.execute(sql`insert into stone_report (kind, stone_id, filename, size) values (${kind}, ${id}, ${filename}, ${size})
      on conflict (kind, stone_id) do update set filename = excluded.filename, size = excluded.size, created_at = now()`),
  remove: async (tx: DbOrTx, kind: StoneKind, id: number) =>
    rowsOf<{ filename: string }>(
      await tx.execute(sql`delete from stone_report where kind = ${kind} and stone_id = ${id} returning filename`),
    )[0] ?? null,
  /** The stone's row changes too: every instance's cached pages show the report's link. */
  touch: (tx: DbOrTx, kind: StoneKind, id: number) =>
    kind === 'diamond'
      ? tx.execute(sql`update diamond set updated_at = now() where id = ${id}`)
      : // A gemstone keeps no time of change: the update itself is the signal.
        tx.execute(sql`update notable_gemstone set id = id where id = ${id}`),
};

// Supplier stones as feeds write them and markup reprices them.

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

export const supplierStoneRepository = {
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

// Stones an order takes and gives back (the order module asks; the rows are this module's).
export const stoneStockRepository = {
  /** What each diamond cost the store (null: not known), as an order records it at the sale. */
  diamondCosts: async (db: DbOrTx, ids: number[]) =>
    new Map(
      ids.length
        ? rowsOf<{ id: number; costCents: number | null }>(
            await db.execute(
              sql`select id, cost_cents as "costCents" from diamond where id in (${sql.join(ids, sql`, `)})`,
            ),
          ).map((r) => [r.id, r.costCents])
        : [],
    ),
  /** Which of these diamonds come from a supplier's feed (the store does not have them in hand). */
  fromSuppliers: async (db: DbOrTx, ids: number[]) =>
    ids.length
      ? new Set(
          rowsOf<{ id: number }>(
            await db.execute(
              sql`select id from diamond where supplier_id is not null and id in (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )})`,
            ),
          ).map((r) => r.id),
        )
      : new Set<number>(),
  /** A supplier no longer has the stone: off sale, saying why, until its feed lists it again. */
  withdrawGone: (tx: DbOrTx, id: number, reason: string) =>
    tx.execute(
      sql`update diamond set status = 'withdrawn', hold_reason = ${reason}, hold_until = null where id = ${id}`,
    ),
  /**
   * The stones on sale closest to one that cannot be had: the same shape and origin, carat within
   * 10 %, colour and clarity within one grade, price within 15 %; nearest in price first.
   */
  closestTo: async (db: DbOrTx, id: number, n = 3) =>
    rowsOf<{
      id: number;
      serial: string;
      shape: string;
      origin: 'natural' | 'lab';
      caratPoints: number;
      color: string;
      clarity: string;
      cut: string;
      lab: string;
      certificate: string;
      priceCents: number;
    }>(
      await db.execute(sql`select a.id, a.serial, a.shape, a.origin, a.carat_points as "caratPoints", a.color, a.clarity,
          a.cut, a.lab, a.certificate, a.price_cents as "priceCents"
        from diamond d join diamond a on a.shape = d.shape and a.origin = d.origin and a.id <> d.id
        where d.id = ${id} and a.status = 'available'
          and a.carat_points between d.carat_points * 0.9 and d.carat_points * 1.1
          and abs(a.color_rank - d.color_rank) <= 1 and abs(a.clarity_rank - d.clarity_rank) <= 1
          and a.price_cents between d.price_cents * 0.85 and d.price_cents * 1.15
        order by abs(a.price_cents - d.price_cents), a.id limit ${n}`),
    ),
  /** Stones from a melee parcel: taken only while enough are left (the row lock orders two checkouts). */
  takeMelee: async (tx: DbOrTx, id: number, stones: number) =>
    rowsOf<{ id: number }>(
      await tx.execute(
        sql`update melee_parcel set stock = stock - ${stones} where id = ${id} and stock >= ${stones} returning id`,
      ),
    ).length === 1,
  returnMelee: (tx: DbOrTx, id: number, stones: number) =>
    tx.execute(sql`update melee_parcel set stock = stock + ${stones} where id = ${id}`),
  /**
   * Holds a stone for a named reason (a quote) until `until`: from on sale, or already held for that
   * same reason (its time moved). False when it is sold, reserved or held for anything else.
   */
  holdFor: async (tx: DbOrTx, kind: 'diamond' | 'gemstone', id: number, reason: string, until: Date) =>
    rowsOf<{ id: number }>(
      await tx.execute(sql`update ${table(kind)} set status = 'held', hold_reason = ${reason},
        hold_until = ${until.toISOString()}::timestamptz
        where id = ${id} and (status = 'available' or (status = 'held' and hold_reason = ${reason})) returning id`),
    ).length === 1,
  /** Every stone held for `reason`, except `keep`, back on sale (the catalogue triggers tell every instance). */
  releaseHeldFor: async (tx: DbOrTx, reason: string, keep: Array<{ kind: string; id: number }> = []) => {
    let freed = 0;
    for (const kind of ['diamond', 'gemstone'] as const) {
      const kept = keep.filter((s) => s.kind === kind).map((s) => sql`${s.id}`);
      const others = kept.length ? sql`and id not in (${sql.join(kept, sql`, `)})` : sql``;
      // Updated only when there is one to free: an update of no rows still fires the catalogue
      // trigger, and every instance would drop its kept stone pages for nothing.
      const due = rowsOf<{ id: number }>(
        await tx.execute(
          sql`select id from ${table(kind)} where status = 'held' and hold_reason = ${reason} ${others} limit 1`,
        ),
      );
      if (!due.length) continue;
      freed += rowsOf<{ id: number }>(
        await tx.execute(sql`update ${table(kind)} set status = 'available', hold_reason = null, hold_until = null
          where status = 'held' and hold_reason = ${reason} ${others} returning id`),
      ).length;
    }
    return freed;
  },
  /** Sold or reserved stones for sale again (the catalogue triggers tell every instance). */
  makeAvailable: async (tx: DbOrTx, stones: Array<{ kind: string; id: number }>) => {
    for (const kind of ['diamond', 'gemstone'] as const) {
      const ids = stones.filter((s) => s.kind === kind).map((s) => s.id);
      if (ids.length)
        await tx.execute(sql`update ${table(kind)} set status = 'available', hold_reason = null, hold_until = null
          where status in ('sold', 'reserved') and id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`);
    }
  },
};
