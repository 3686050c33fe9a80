import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedMaintainer, maintainEmbedded } from './embedded-maintenance.ts';

// The embedded engine on its own (whatever DATABASE_URL says): the server's autovacuum covers PostgreSQL.
let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`
    create table cart (id serial primary key, session_id text unique);
    create table cart_line (id serial primary key, cart_id int not null references cart (id), line_key text not null);
    create table untouched (id int primary key);`);
  await pg.exec('vacuum analyze');
});
afterAll(() => pg.close());

/** The plan the kept statement `probe` runs with (as a foreign-key check or a named statement keeps its own). */
async function keptPlan() {
  const { rows } = await pg.query<{ 'QUERY PLAN': string }>('explain execute probe (1)');
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe('embedded database maintenance', () => {
  it('re-analyzes a table that has grown since its statistics, and the plans kept from when it was small go', async () => {
    await pg.exec(`insert into cart (session_id) values ('a'), ('b'), ('c')`);
    await pg.exec(`set plan_cache_mode = force_generic_plan; prepare probe (int) as select 1 from cart where id = $1`);
    // Planned on a table of one page: reading it whole is cheapest.
    expect(await keptPlan()).toMatch(/Seq Scan on cart/);
    await pg.exec(`insert into cart (session_id) select 's' || g from generate_series(1, 20000) g;
      insert into cart_line (cart_id, line_key) select g, 'p:1' from generate_series(1, 20000) g;`);
    // Twenty thousand rows later the kept plan still reads them all for one.
    expect(await keptPlan()).toMatch(/Seq Scan on cart/);

    expect(await maintainEmbedded(pg)).toEqual(['cart', 'cart_line']);
    const { rows } = await pg.query<{ n: number }>(`select reltuples::int as n from pg_class where relname = 'cart'`);
    expect(rows[0]!.n).toBe(20003);
    expect(await keptPlan()).toMatch(/Index (Only )?Scan using cart_pkey/);

    // Nothing has grown since: the next pass does nothing.
    expect(await maintainEmbedded(pg)).toEqual([]);
  });

  it('vacuums a table under the size limit (its emptied pages go) and only analyzes one over it', async () => {
    const pages = async (t: string) =>
      (await pg.query<{ n: number }>(`select (pg_relation_size('${t}') / 8192)::int as n`)).rows[0]!.n;
    const grownAndEmptied = async (t: string) => {
      await pg.exec(`create table ${t} (id int)`);
      await pg.exec(`analyze ${t}`);
      await pg.exec(`insert into ${t} select g from generate_series(1, 20000) g; delete from ${t}`);
      return pages(t);
    };
    const big = await grownAndEmptied('over_limit');
    expect(big).toBeGreaterThan(8);
    expect(await maintainEmbedded(pg, { vacuumMaxPages: big - 1 })).toEqual(['over_limit']);
    expect(await pages('over_limit')).toBe(big); // analyzed only: vacuum would have cut the empty pages

    await grownAndEmptied('under_limit');
    expect(await maintainEmbedded(pg)).toEqual(['under_limit']);
    expect(await pages('under_limit')).toBe(0);
  });

  it('looks for grown tables only when something was written since its last look', async () => {
    const maintainer = embeddedMaintainer(pg);
    await pg.exec(`create table quiet (id int); analyze quiet`);
    // The first pass looks (and finds nothing grown).
    expect(await maintainer.pass()).toEqual([]);
    // Nothing written since: no look at all.
    expect(await maintainer.pass()).toBeNull();
    expect(await maintainer.pass()).toBeNull();
    // A write: the next pass looks, and finds the table grown.
    await pg.exec(`insert into quiet select g from generate_series(1, 20000) g`);
    expect(await maintainer.pass()).toEqual(['quiet']);
    // Its vacuum was a write: one more look, which finds nothing; then quiet again.
    expect(await maintainer.pass()).toEqual([]);
    expect(await maintainer.pass()).toBeNull();
  });
});
