import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, throwawayDatabase, type TestApp } from './build-test-app.ts';
import { seedAll } from '../seed/seed.ts';
import { openDatabase, rowsOf, type Database } from '../db/client.ts';
import { loadConfig } from '../config.ts';
import { buildApp } from '../app.ts';

// A test file's database copied from the run's template holds what migrating and seeding its own
// would: the same tables, every row count and every migration recorded.

const open: Array<{ close: () => Promise<void> }> = [];
afterAll(async () => {
  for (const o of open.reverse()) await o.close();
});

async function contents(db: Database['db']) {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [r] = rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${name}`)));
    counts[name] = r!.n;
  }
  return counts;
}

describe('database templates', () => {
  it('a copied database holds what a freshly migrated and seeded one does', async () => {
    // Two apps: the second is always a copy, whichever file of the run made the template.
    const first: TestApp = await buildTestApp();
    open.push(first);
    const copy: TestApp = await buildTestApp();
    open.push(copy);

    const base = process.env.DATABASE_URL;
    const own = base ? await throwawayDatabase(base) : undefined;
    const config = loadConfig(
      {
        LOG_LEVEL: 'silent',
        SEED_SCALE: '0.05',
        DATA_DIR: first.config.DATA_DIR,
        ...(own ? { DATABASE_URL: own.url } : {}),
      },
      !own,
    );
    const fresh = await openDatabase(config);
    open.push({ close: async () => (await fresh.close(), await own?.drop()) });
    await fresh.migrate();
    await seedAll(fresh.db, { scale: 0.05 });
    // What a test app's start writes (settings and the like) on top, as on the copies.
    const app = await buildApp({ config, database: fresh, logger: false, jobWorkers: false });
    await app.ready();
    open.push({ close: () => app.close() });

    const expected = await contents(fresh.db);
    expect(Object.keys(expected).length).toBeGreaterThan(60);
    expect(expected['public.product_group']).toBeGreaterThan(0);
    expect(await contents(copy.database.db)).toEqual(expected);
    expect(await contents(first.database.db)).toEqual(expected);
  });
});
