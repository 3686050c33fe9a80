import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

// pg-boss's own table, read for the operator's figures (pg-boss keeps it; nothing here writes it).

export const jobsRepository = {
  /** Each queue's jobs waiting, running and failed in the last hour, and how long the oldest has waited. */
  figures: async (db: DbOrTx) => {
    const [installed] = rowsOf<{ ok: boolean }>(
      await db.execute(sql`select to_regclass('pgboss.job') is not null as ok`),
    );
    if (!installed?.ok) return [];
    return rowsOf<{ queue: string; waiting: number; active: number; failed: number; oldest: number }>(
      await db.execute(sql`
        select name as queue,
          count(*) filter (where state in ('created', 'retry'))::int as waiting,
          count(*) filter (where state = 'active')::int as active,
          count(*) filter (where state = 'failed' and completed_on > now() - interval '1 hour')::int as failed,
          coalesce(extract(epoch from now() - min(start_after) filter (
            where state in ('created', 'retry') and start_after <= now())), 0)::float8 as oldest
        from pgboss.job group by name order by name`),
    );
  },
};
