// The saved-search figures of `npm run bench -- --only alerts [--db postgres] [--searches N] [--rows N]`:
// N saved searches (shapes, carat, grade and price ranges as shoppers set them) matched against a
// batch of new stones as a feed import writes them, timed in the matching job's own function.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedAll } from '../apps/api/src/seed/seed.ts';
import { savedSearch } from '../apps/api/src/modules/saved-searches/schema.ts';
import { matchSavedSearches } from '../apps/api/src/modules/saved-searches/service.ts';
import { describeSearch, filtersOf, parseFilters } from '@facet/contracts/saved-search';
import { SHAPES } from '@facet/contracts/grades';

let seed = 11;
const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));

/** A shopper's search: one or two shapes, a carat window, often grade and price bounds. */
function shopperQuery(): string {
  const p = new URLSearchParams();
  const shapes = new Set([SHAPES[int(0, 9)]!]);
  if (rnd() < 0.3) shapes.add(SHAPES[int(0, 9)]!);
  p.set('shape', [...shapes].join(','));
  const lo = Math.round((0.3 + rnd() * 3) * 100) / 100;
  p.set('caratMin', String(lo));
  p.set('caratMax', String(Math.round((lo + 0.1 + rnd() * 0.8) * 100) / 100));
  if (rnd() < 0.7) p.set('colorMax', String(int(2, 7)));
  if (rnd() < 0.7) p.set('clarityMax', String(int(3, 6)));
  if (rnd() < 0.5) p.set('priceMax', String(int(20, 400) * 100));
  if (rnd() < 0.3) p.set('origin', rnd() < 0.5 ? 'lab' : 'natural');
  return p.toString();
}

export async function alertsBench(opts: { databaseUrl?: string; searches: number; rows: number }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'facet-alerts-bench-'));
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      SEED_SCALE: '0.05',
      DATA_DIR: dataDir,
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    },
    false,
  );
  const database = await openDatabase(config);
  const { db } = database;
  try {
    await database.migrate();
    await seedAll(db, { scale: 0.05 });
    console.log(`Saving ${opts.searches.toLocaleString()} searches…`);
    const rows = Array.from({ length: opts.searches }, (_, i) => {
      const filters = filtersOf(shopperQuery());
      return {
        email: `watcher${i}@example.com`,
        filters,
        label: describeSearch(parseFilters(filters)),
        status: 'active' as const,
        watchFrom: new Date(Date.now() - 1000),
      };
    });
    for (let i = 0; i < rows.length; i += 1000) await db.insert(savedSearch).values(rows.slice(i, i + 1000));
    await matchSavedSearches(db); // the watermark moves past the seed

    console.log(`Listing ${opts.rows.toLocaleString()} new stones (as a feed import writes them)…`);
    await db.execute(sql`
      insert into diamond (serial, origin, shape, carat_points, color, color_rank, clarity, clarity_rank, cut, cut_rank, polish, symmetry,
        fluorescence, depth_pct, table_pct, lw_ratio, length_mm, width_mm, depth_mm, lab, certificate, price_cents, created_at)
      select 'AB' || n, case when n % 3 = 0 then 'lab' else 'natural' end,
        (array['Round','Oval','Princess','Cushion','Emerald','Pear','Radiant','Marquise','Asscher','Heart'])[1 + (n * 7) % 10],
        30 + (n * 37) % 400, (array['D','E','F','G','H','I','J','K'])[1 + n % 8], n % 8,
        (array['IF','VVS1','VVS2','VS1','VS2','SI1','SI2'])[1 + (n / 8) % 7], 1 + (n / 8) % 7,
        'Excellent', (n / 56) % 5, 'Excellent', 'Excellent', 'None', 61.5, 57, 1.0, 6.4, 6.4, 3.9, 'GIA', 'AB' || n,
        50000 + ((n * 7919) % 4000000), now()
      from generate_series(1, ${opts.rows}) n`);

    const t0 = performance.now();
    const outcome = await matchSavedSearches(db);
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `Matched ${outcome.stones.toLocaleString()} stones × ${outcome.searches.toLocaleString()} searches in ${seconds.toFixed(2)} s: ${outcome.hits.toLocaleString()} alerts kept (budget ≤ 10 s on PostgreSQL)`,
    );
    return { ...outcome, seconds };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
