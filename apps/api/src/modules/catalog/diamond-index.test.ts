import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { diamondQuery, DIAMOND_SORTS } from '@facet/contracts/catalog';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { DiamondIndex } from './diamond-index.ts';
import { SHAPES } from './grades.ts';

// The search index takes in other writers' stones by merging them into its copy (a feed import's
// batches), not by reloading. Whatever it took in that way, it must answer exactly as an index
// loaded from scratch over the same table.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SEED_SCALE: '0.1' });
});
afterAll(() => t.close());

const hist = { lo: 100, hi: 10_000_000, buckets: 40 };

describe('diamond index: merging new and moved stones', () => {
  it('after new stones, regraded and resized stones and sales, answers as a fresh load does', async () => {
    const live = t.app.diamondIndex;
    await live.search(diamondQuery.parse({}), hist, 10, 0);
    const db = t.database.db;
    // New stones: copies of existing ones on other shapes, carats and grades.
    await db.execute(sql`
      insert into diamond (serial, origin, shape, carat_points, color, color_rank, clarity, clarity_rank, cut, cut_rank, polish, symmetry,
        fluorescence, depth_pct, table_pct, lw_ratio, length_mm, width_mm, depth_mm, lab, certificate, price_cents, created_at)
      select 'MERGE-' || id, origin, (array['Round','Oval','Pear','Heart'])[1 + id % 4], carat_points + (id % 37), color,
        (color_rank + id) % 8, clarity, (clarity_rank + 1) % 8, cut, cut_rank, polish, symmetry, fluorescence, depth_pct, table_pct,
        lw_ratio, length_mm, width_mm, depth_mm, lab, 'MERGE-' || id, price_cents + id, now()
      from diamond order by id limit 400`);
    // Stones whose carat or grade changed (they move), and sales and prices (written in place).
    await db.execute(sql`update diamond set carat_points = carat_points + 7 where id % 11 = 0`);
    await db.execute(sql`update diamond set color_rank = (color_rank + 3) % 8 where id % 13 = 0`);
    await db.execute(sql`update diamond set status = 'sold' where id % 17 = 0`);
    await db.execute(sql`update diamond set price_cents = price_cents + 500 where id % 19 = 0`);
    live.invalidate();
    const fresh = new DiamondIndex(db);

    await fc.assert(
      fc.asyncProperty(
        fc.record({
          origin: fc.constantFrom(undefined, 'natural', 'lab'),
          shape: fc.option(fc.subarray([...SHAPES], { minLength: 1, maxLength: 3 }), { nil: undefined }),
          caratMin: fc.option(fc.integer({ min: 20, max: 200 }), { nil: undefined }),
          span: fc.integer({ min: 10, max: 400 }),
          colorMax: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
          priceMax: fc.option(fc.integer({ min: 500, max: 50_000 }), { nil: undefined }),
          sort: fc.constantFrom(...DIAMOND_SORTS),
          offset: fc.constantFrom(0, 24),
        }),
        async (r) => {
          const q = diamondQuery.parse({
            origin: r.origin,
            shape: r.shape?.join(','),
            caratMin: r.caratMin === undefined ? undefined : r.caratMin / 100,
            caratMax: r.caratMin === undefined ? undefined : (r.caratMin + r.span) / 100,
            colorMax: r.colorMax,
            priceMax: r.priceMax,
            sort: r.sort,
          });
          expect(await live.search(q, hist, 24, r.offset)).toEqual(await fresh.search(q, hist, 24, r.offset));
        },
      ),
      { numRuns: 60 },
    );
    expect(await live.bounds('lab')).toEqual(await fresh.bounds('lab'));
  });
});
