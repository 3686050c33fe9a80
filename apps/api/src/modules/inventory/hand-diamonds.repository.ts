import { sql } from 'drizzle-orm';
import type { StoneStatus } from '@facet/contracts/admin-catalogue';
import type { CLARITIES, COLORS, CUTS, FINISHES, FLUORESCENCE, LABS, SHAPES } from '@facet/contracts/grades';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

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
        (select s.code from supplier s where s.id = d.supplier_id) as supplier
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
