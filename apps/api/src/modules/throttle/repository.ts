import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';

export interface Window {
  hits: number;
  ttlMs: number;
}

const HIT = `insert into rate_counter as c (key, hits, reset_at) values ($1, 1, now() + make_interval(secs => $2::float8))
  on conflict (key) do update set
    hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
    reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
  returning hits, greatest(0, extract(epoch from c.reset_at - now()) * 1000)::float8 as "ttlMs"`;
const READ = `select hits, greatest(0, extract(epoch from reset_at - now()) * 1000)::float8 as "ttlMs"
  from rate_counter where key = $1 and reset_at > now()`;

export const throttleRepository = {
  /**
   * One statement per hit, prepared once per connection: counts a hit in the key's current
   * window, or starts a new window when the last one has ended. Every instance sees the same count.
   */
  hit: async (database: Database, key: string, windowMs: number): Promise<Window> =>
    (await database.prepared<Window>('rate_counter_hit', HIT, [key, windowMs / 1000]))[0]!,

  read: async (database: Database, key: string): Promise<Window> =>
    (await database.prepared<Window>('rate_counter_read', READ, [key]))[0] ?? { hits: 0, ttlMs: 0 },

  clear: async (db: DbOrTx, key: string) => {
    await db.execute(sql`delete from rate_counter where key = ${key}`);
  },

  /** Windows that ended are only clutter; any instance may sweep them. */
  sweep: async (db: DbOrTx) => {
    await db.execute(sql`delete from rate_counter where reset_at < now() - interval '1 minute'`);
  },
};
