import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

export type StoneKind = 'diamond' | 'gemstone';
export interface MediaAsk {
  kind: StoneKind;
  id: number;
  url: string;
}

export const stoneMediaRepository = {
  /**
   * A supplier's stones on sale whose feed image is not the one fetched (or asked for) last, a page
   * at a time by id; each is marked waiting for `runId`.
   */
  askPage: async (tx: DbOrTx, supplier: string, runId: string, afterId: number, limit: number) =>
    rowsOf<{ id: number; url: string }>(
      await tx.execute(sql`with wanted as (
          select d.id, d.image_url as url from diamond_view d join supplier_view s on s.id = d.supplier_id
          left join stone_media_fetch f on f.kind = 'diamond' and f.stone_id = d.id
          where s.code = ${supplier} and d.id > ${afterId} and d.status = 'available' and d.image_url is not null
            and f.url is distinct from d.image_url
          order by d.id limit ${limit})
        insert into stone_media_fetch as f (kind, stone_id, url, state, run_id, updated_at)
          select 'diamond', id, url, 'waiting', ${runId}, now() from wanted
        on conflict (kind, stone_id) do update set url = excluded.url, state = 'waiting', reason = null,
          run_id = excluded.run_id, updated_at = now()
        returning f.stone_id as id, f.url`),
    ).sort((a, b) => a.id - b.id),

  /** The ask, locked, when it still wants this address (a newer feed may have changed it). */
  stillWaiting: async (tx: DbOrTx, a: MediaAsk) =>
    rowsOf<{ url: string }>(
      await tx.execute(sql`select url from stone_media_fetch where kind = ${a.kind} and stone_id = ${a.id}
        and url = ${a.url} and state = 'waiting' for update`),
    ).length === 1,

  finish: (tx: DbOrTx, a: MediaAsk, state: 'ready' | 'failed', reason: string | null) =>
    tx.execute(sql`update stone_media_fetch set state = ${state}, reason = ${reason}, updated_at = now()
      where kind = ${a.kind} and stone_id = ${a.id} and url = ${a.url}`),

  serial: async (db: DbOrTx, id: number) =>
    rowsOf<{ serial: string; shape: string }>(
      await db.execute(sql`select serial, shape from diamond_view where id = ${id}`),
    )[0] ?? null,

  /** What an import asked for: how many wait, are ready or failed, and the first failures with their stones. */
  ofRun: async (db: DbOrTx, runId: string, failuresMax: number) => {
    const [counts, failures] = await Promise.all([
      db.execute(sql`select state, count(*)::int as n from stone_media_fetch where run_id = ${runId} group by state`),
      db.execute(sql`select coalesce(d.supplier_stock, d.serial) as stock, f.url, f.reason from stone_media_fetch f
        join diamond_view d on d.id = f.stone_id and f.kind = 'diamond'
        where f.run_id = ${runId} and f.state = 'failed' order by f.stone_id limit ${failuresMax}`),
    ]);
    return {
      counts: rowsOf<{ state: 'waiting' | 'ready' | 'failed'; n: number }>(counts),
      failures: rowsOf<{ stock: string; url: string; reason: string }>(failures),
    };
  },
};
