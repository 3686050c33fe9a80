import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from './client.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

// The views a module declares are what every other module may read of its tables: never a secret
// (a password or token hash, a TOTP secret, an order's kept answer, which holds its link's token).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
});
afterAll(() => t.close());

const SECRET = /password|token|secret|totp|hash|answer|idempotency|column_mapping|feed_url|etag/;

describe('declared views', () => {
  it('carry no secret column of the tables they show', async () => {
    const cols = rowsOf<{ view: string; col: string }>(
      await t.database.db.execute(sql`select c.table_name as view, c.column_name as col
        from information_schema.columns c join information_schema.views v
          on v.table_name = c.table_name and v.table_schema = c.table_schema
        where c.table_schema = 'public'`),
    );
    expect(new Set(cols.map((c) => c.view)).size).toBeGreaterThan(15);
    expect(cols.filter((c) => SECRET.test(c.col)).map((c) => `${c.view}.${c.col}`)).toEqual([]);
  });

  it('is caught when a view shows one', async () => {
    await t.database.db.execute(sql`create view probe_secret_view as select id, password_hash from app_user`);
    const leaked = rowsOf<{ col: string }>(
      await t.database.db.execute(
        sql`select column_name as col from information_schema.columns where table_name = 'probe_secret_view'`,
      ),
    ).filter((c) => SECRET.test(c.col));
    expect(leaked.map((c) => c.col)).toEqual(['password_hash']);
    await t.database.db.execute(sql`drop view probe_secret_view`);
  });
});
