import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SitemapEntry, SitemapIndex } from '@facet/contracts/sitemap';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

// The sitemaps' data: every published design and every diamond on sale, with when it changed; a
// stone sold leaves at once (nothing is cached).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SEED_SCALE: '0.05' });
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ url: `/api${url}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};
const all = async (kind: 'products' | 'diamonds') => {
  const out: SitemapEntry[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await get<SitemapEntry[]>(`/sitemap/entries?kind=${kind}&file=1&offset=${offset}&limit=500`);
    out.push(...page);
    if (page.length < 500) return out;
  }
};
const count = async (q: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await t.database.db.execute(q))[0]!.n;

describe('sitemap data', () => {
  it('lists every published design and every diamond on sale, each with its lastmod', async () => {
    const index = await get<SitemapIndex>('/sitemap');
    expect(index).toMatchObject({ products: { files: 1 }, diamonds: { files: 1 } });
    expect(index.stoneTypes.length).toBeGreaterThan(0);
    const products = await all('products');
    expect(products).toHaveLength(
      await count(sql`select count(*)::int as n from product_group where published and default_product_id <> 0`),
    );
    expect(products[0]!.path).toMatch(/^\/product\/[^/]+\/\d+\/\d+\/\d+$/);
    const diamonds = await all('diamonds');
    expect(diamonds).toHaveLength(await count(sql`select count(*)::int as n from diamond where status = 'available'`));
    for (const e of [...products, ...diamonds]) expect(Date.parse(e.lastmod!)).not.toBeNaN();
    // Past the last file: nothing.
    expect(await get<SitemapEntry[]>('/sitemap/entries?kind=diamonds&file=2&offset=0&limit=10')).toEqual([]);
  });

  it('drops a stone the moment it is sold, and a design the moment it is unpublished; dates a repricing', async () => {
    const [d] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from diamond where status = 'available' order by id limit 1`),
    );
    const has = async (id: number) => (await all('diamonds')).some((e) => e.path.endsWith(`/${id}/${id}`));
    expect(await has(d!.id)).toBe(true);
    await t.database.db.execute(sql`update diamond set status = 'sold' where id = ${d!.id}`);
    expect(await has(d!.id)).toBe(false);
    // Listed long ago (the trigger stamps every update, so that date is set with the trigger off)…
    await t.database.db.execute(sql`alter table diamond disable trigger diamond_touch`);
    await t.database.db.execute(
      sql`update diamond set status = 'available', updated_at = '2024-01-01' where id = ${d!.id}`,
    );
    await t.database.db.execute(sql`alter table diamond enable trigger diamond_touch`);
    const lastmod = async () => (await all('diamonds')).find((e) => e.path.endsWith(`/${d!.id}/${d!.id}`))!.lastmod!;
    expect(await lastmod()).toBe('2024-01-01T00:00:00Z');
    // …repriced now.
    await t.database.db.execute(sql`update diamond set price_cents = price_cents + 100 where id = ${d!.id}`);
    expect(Date.now() - Date.parse(await lastmod())).toBeLessThan(60_000);

    const [g] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from product_group where published order by id limit 1`),
    );
    await t.database.db.execute(sql`update product_group set published = false where id = ${g!.id}`);
    expect((await all('products')).some((e) => e.path.includes(`/${g!.id}/`))).toBe(false);
    await t.database.db.execute(sql`update product_group set published = true where id = ${g!.id}`);
  });

  it('refuses a bad page request with a clear error', async () => {
    const bad = await t.app.inject({ url: '/api/sitemap/entries?kind=rings&file=1&offset=0&limit=10' });
    expect(bad.statusCode).toBe(400);
  });
});
