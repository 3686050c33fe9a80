import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { diamondQuery, DIAMOND_SORTS } from '@facet/contracts/catalog';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { DiamondIndex, matchStones } from './diamond-index.ts';
import { catalogRepository } from './repository.ts';
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

describe('matching a batch of stones against saved searches', () => {
  it('finds, for any filters, exactly the stones the diamond search shows', async () => {
    const db = t.database.db;
    const rows = await catalogRepository.diamondIndexRows(db, { afterId: 0, limit: 1_000_000 });
    const index = new DiamondIndex(db);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          origin: fc.constantFrom(undefined, 'natural', 'lab'),
          shape: fc.option(fc.subarray([...SHAPES], { minLength: 1, maxLength: 3 }), { nil: undefined }),
          caratMin: fc.option(fc.integer({ min: 20, max: 200 }), { nil: undefined }),
          span: fc.integer({ min: 0, max: 400 }),
          clarityMin: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
          cutMax: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
          priceMin: fc.option(fc.integer({ min: 100, max: 5_000 }), { nil: undefined }),
          lab: fc.option(fc.subarray(['GIA', 'IGI', 'HRD'], { minLength: 1 }), { nil: undefined }),
          polish: fc.option(fc.subarray(['Excellent', 'Very Good'], { minLength: 1 }), { nil: undefined }),
          depthMax: fc.option(fc.integer({ min: 58, max: 66 }), { nil: undefined }),
        }),
        async (r) => {
          const q = diamondQuery.parse({
            origin: r.origin,
            shape: r.shape?.join(','),
            caratMin: r.caratMin === undefined ? undefined : r.caratMin / 100,
            caratMax: r.caratMin === undefined ? undefined : (r.caratMin + r.span) / 100,
            clarityMin: r.clarityMin,
            cutMax: r.cutMax,
            priceMin: r.priceMin,
            lab: r.lab?.join(','),
            polish: r.polish?.join(','),
            depthMax: r.depthMax,
          });
          const shown = await index.search(q, hist, 1_000_000, 0);
          const found: number[] = [];
          matchStones(rows, [q], (_q, id) => found.push(id));
          expect(found.sort((a, b) => a - b)).toEqual([...shown.pageIds].sort((a, b) => a - b));
        },
      ),
      { numRuns: 80 },
    );
  });

  it('tells each query its own matches', () => {
    const stone = (
      id: number,
      shape: string,
      caratPoints: number,
      priceCents: number,
      status = 'available',
      media: { photo?: boolean; videoOrigin?: string } = {},
    ) => ({
      id,
      origin: 'natural' as const,
      shape,
      caratPoints,
      colorRank: 2,
      clarityRank: 3,
      cutRank: 0,
      polish: 'Excellent',
      symmetry: 'Excellent',
      fluorescence: 'None',
      lab: 'GIA',
      depthPct: 61.5,
      tablePct: 57,
      lwRatio: 1,
      priceCents,
      status,
      createdAt: new Date().toISOString(),
      photo: media.photo ?? false,
      videoOrigin: media.videoOrigin ?? '',
    });
    const rows = [
      stone(1, 'Round', 100, 500_000),
      stone(2, 'Oval', 150, 900_000),
      stone(3, 'Round', 101, 400_000, 'sold'),
    ];
    const found: Array<[number, number]> = [];
    matchStones(
      rows,
      [
        diamondQuery.parse({ shape: 'Round', caratMin: 1, caratMax: 1.01 }),
        diamondQuery.parse({ priceMax: 8000 }),
        diamondQuery.parse({ shape: 'Heart' }),
      ],
      (q, id) => found.push([q, id]),
    );
    // The sold stone matches no one; the Oval is over the second query's price.
    expect(found).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });

  it('with a photograph, or with a video from a host the store lists', () => {
    const stone = (id: number, photo: boolean, videoOrigin: string) => ({
      id,
      origin: 'natural' as const,
      shape: 'Round',
      caratPoints: 100 + id,
      colorRank: 2,
      clarityRank: 3,
      cutRank: 0,
      polish: 'Excellent',
      symmetry: 'Excellent',
      fluorescence: 'None',
      lab: 'GIA',
      depthPct: 61.5,
      tablePct: 57,
      lwRatio: 1,
      priceCents: 500_000,
      status: 'available',
      createdAt: new Date().toISOString(),
      photo,
      videoOrigin,
    });
    const rows = [
      stone(1, true, ''),
      stone(2, false, 'https://v360.example'),
      stone(3, true, 'https://elsewhere.example'),
      stone(4, false, ''),
    ];
    const ids = (media: 'photo' | 'video', origins: string[]) => {
      const found: number[] = [];
      matchStones(rows, [diamondQuery.parse({ media })], (_q, id) => found.push(id), origins);
      return found.sort();
    };
    expect(ids('photo', [])).toEqual([1, 3]);
    expect(ids('video', ['https://v360.example'])).toEqual([2]);
    // A host the store does not list shows no video, so the stone is not "with video".
    expect(ids('video', [])).toEqual([]);
  });
});
