import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import type { AdminStoneRow, StoneStatus } from '@facet/contracts/admin-catalogue';

/** A stone as staff see it (hold times as the database gives them; the service writes them as ISO). */
export type StoneRow = AdminStoneRow;
export type StoneKind = StoneRow['kind'];

const table = (kind: StoneKind) => (kind === 'diamond' ? sql`diamond` : sql`notable_gemstone`);

const SELECT = sql`
  select 'diamond' as kind, d.id, d.serial, d.certificate, round(d.carat_points / 100.0, 2)::text || ' ct ' || d.shape || ' ' ||
    case when d.origin = 'lab' then 'lab-grown ' else '' end || 'diamond, ' || d.color || ' ' || d.clarity as title,
    d.price_cents as "priceCents", d.status, d.hold_reason as "holdReason", d.hold_until as "holdUntil",
    (select o.number from order_stone s join customer_order o on o.id = s.order_id where s.kind = 'diamond' and s.stone_id = d.id and s.live limit 1) as "orderNumber"
  from diamond d`;
const SELECT_GEM = sql`
  select 'gemstone' as kind, g.id, g.serial, g.agta_certificate as certificate,
    round(g.carat_points / 100.0, 2)::text || ' ct ' || g.shape || ' ' || g.type_slug as title,
    g.price_cents as "priceCents", g.status, g.hold_reason as "holdReason", g.hold_until as "holdUntil",
    (select o.number from order_stone s join customer_order o on o.id = s.order_id where s.kind = 'gemstone' and s.stone_id = g.id and s.live limit 1) as "orderNumber"
  from notable_gemstone g`;

export const inventoryRepository = {
  /** Stones by stock or certificate number (exact, any case), or the ones staff set aside. */
  find: async (db: DbOrTx, q: { text?: string; setAside?: boolean }) => {
    const t = q.text?.trim().toUpperCase();
    const dWhere = t
      ? sql`where upper(d.serial) = ${t} or upper(d.certificate) = ${t}`
      : sql`where d.status in ('held', 'withdrawn')`;
    const gWhere = t
      ? sql`where upper(g.serial) = ${t} or upper(g.agta_certificate) = ${t}`
      : sql`where g.status in ('held', 'withdrawn')`;
    return rowsOf<StoneRow>(
      await db.execute(sql`${SELECT} ${dWhere} union all ${SELECT_GEM} ${gWhere} order by 2 limit 200`),
    );
  },
  one: async (db: DbOrTx, kind: StoneKind, id: number) =>
    rowsOf<StoneRow>(
      await db.execute(
        sql`${kind === 'diamond' ? SELECT : SELECT_GEM} where ${kind === 'diamond' ? sql`d.id` : sql`g.id`} = ${id} for update`,
      ),
    )[0] ?? null,
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
  /** Holds whose time is up go back on sale (any instance may run it; the update tells the others). */
  releaseExpired: async (db: DbOrTx) => {
    const d = rowsOf<{ id: number }>(
      await db.execute(sql`update diamond set status = 'available', hold_reason = null, hold_until = null
        where status = 'held' and hold_until < now() returning id`),
    );
    const g = rowsOf<{ id: number }>(
      await db.execute(sql`update notable_gemstone set status = 'available', hold_reason = null, hold_until = null
        where status = 'held' and hold_until < now() returning id`),
    );
    return d.length + g.length;
  },
};
