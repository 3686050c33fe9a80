import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

export interface Window { hits: number; ttlMs: number }

export const throttleRepository = {
  /**
   * One statement per hit: counts a hit in the key's current window, or starts a new window
   * when the last one has ended. Every instance sees the same count.
   */
  hit: async (db: DbOrTx, key: string, windowMs: number): Promise<Window> => rowsOf<Window>(await db.execute(sql`
    insert into rate_counter as c (key, hits, reset_at) values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
      reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
    returning hits, greatest(0, extract(epoch from c.reset_at - now()) * 1000)::float8 as "ttlMs"`))[0]!,

  read: async (db: DbOrTx, key: string): Promise<Window> => rowsOf<Window>(await db.execute(sql`
    select hits, greatest(0, extract(epoch from reset_at - now()) * 1000)::float8 as "ttlMs"
    from rate_counter where key = ${key} and reset_at > now()`))[0] ?? { hits: 0, ttlMs: 0 },

  clear: async (db: DbOrTx, key: string) => {
    await db.execute(sql`delete from rate_counter where key = ${key}`);
  },

  /** Windows that ended are only clutter; any instance may sweep them. */
  sweep: async (db: DbOrTx) => {
    await db.execute(sql`delete from rate_counter where reset_at < now() - interval '1 minute'`);
  },
};
