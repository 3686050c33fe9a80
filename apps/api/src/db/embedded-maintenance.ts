// What autovacuum does for a PostgreSQL server, for the embedded engine, which has none.
//
// The planner sizes a table from the statistics of its last ANALYZE, scaled by its current size.
// A table analyzed while empty (the seed's closing VACUUM ANALYZE finds no carts, orders or mails
// yet) looks one page small while it is small, and a plan cached then keeps a sequential scan for
// good: the foreign-key check of every new cart line, and named statements, are planned once per
// connection. Nothing invalidates those plans on PGlite, so each add to cart read every cart ever
// made (1.0 → 2.7 ms an add over 12,000 carts). A server's autovacuum re-analyzes a table as it
// changes, which also drops the plans; this does the same for any table that has doubled in size
// since its statistics were taken, and vacuums it (when small) so updated rows' space is used again.
import type { PGlite } from '@electric-sql/pglite';

// Often enough that a table which starts the day empty (carts, orders) is re-planned within a couple
// of seconds of its first rows, not after a thousand of them; the look is one catalogue query.
const EVERY_MS = 2_000;

// Grown: more than twice the pages of the last statistics, and at least 2 more. Doubling keeps the
// total work in proportion to the table's size however it grows.
const GROWN = `
  select c.oid::regclass::text as name, (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
    and pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(2 * c.relpages, c.relpages + 2)
  order by 1`;

// The engine is one session: while it vacuums, every request waits. Vacuum reads the whole table
// (≈ 0.1 s for 10,000 diamonds here) and analyze a sample of it, so a big table is only analyzed:
// that alone is what corrects the plans.
const VACUUM_MAX_PAGES = 8_192;

/** Vacuums (when small enough) and analyzes every table grown since its statistics; answers the tables' names. */
export async function maintainEmbedded(
  client: PGlite,
  { vacuumMaxPages = VACUUM_MAX_PAGES }: { vacuumMaxPages?: number } = {},
): Promise<string[]> {
  const { rows } = await client.query<{ name: string; pages: number }>(GROWN);
  // One statement each: VACUUM runs outside a transaction, and another request may go between.
  for (const { name, pages } of rows)
    await client.exec(pages <= vacuumMaxPages ? `vacuum (analyze) ${name}` : `analyze ${name}`);
  return rows.map((r) => r.name);
}

/**
 * Passes that look only when something was written since the last look: the check for grown tables
 * sizes every table's file (≈ 25 ms of CPU for ninety tables), which an idle store would otherwise
 * spend every two seconds; the write position of the log costs a fraction of a millisecond. Answers
 * null when it did not look.
 */
export function embeddedMaintainer(client: PGlite, opts?: { vacuumMaxPages?: number }) {
  let seen: string | undefined;
  return {
    async pass(): Promise<string[] | null> {
      // Read before the pass: its own vacuum moves the position, so one more look follows and finds nothing.
      const { rows } = await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const lsn = rows[0]!.lsn;
      if (lsn === seen) return null;
      const done = await maintainEmbedded(client, opts);
      seen = lsn;
      return done;
    },
  };
}

/** Runs a maintenance pass every two seconds until the returned stop is called; a failed pass waits for the next. */
export function startEmbeddedMaintenance(client: PGlite, onError: (err: unknown) => void = () => {}) {
  const maintainer = embeddedMaintainer(client);
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running || client.closed) return;
    running = maintainer
      .pass()
      .catch(onError)
      .finally(() => (running = undefined));
  }, EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
