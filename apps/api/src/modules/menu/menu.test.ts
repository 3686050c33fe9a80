import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_SECTIONS } from '@facet/contracts/menu';
import { FILTER_LABELS } from '@facet/contracts/catalog-filters';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/menu', () => {
  it('answers the nine sections of the spec, in the spec order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/menu' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((s: { title: string }) => s.title)).toEqual([...MENU_SECTIONS]);
  });

  it('links items to /category/{numeric id}, with the filters JSON when the item has filters', async () => {
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/menu' })).json();
    const items = data.flatMap((s: any) => s.groups.flatMap((g: any) => g.items));
    const categoryItems = items.filter((i: any) => i.categoryId != null);
    expect(categoryItems.length).toBeGreaterThan(40);
    for (const item of categoryItems) {
      const url = new URL(item.href, 'http://x');
      expect(url.pathname).toBe(`/category/${item.categoryId}`);
      if (item.filters) {
        const filters = JSON.parse(url.searchParams.get('filters')!);
        expect(filters).toEqual(item.filters);
        for (const f of filters) {
          expect(FILTER_LABELS).toContain(f.label);
          expect([undefined, 'exact', 'like']).toContain(f.matchType);
          expect(f.options.length).toBeGreaterThan(0);
        }
      } else {
        expect(url.search).toBe('');
      }
    }
  });

  it('holds the other links: diamonds, melee, band builder and stone types', async () => {
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/menu' })).json();
    const hrefs = data.flatMap((s: any) => s.groups.flatMap((g: any) => g.items.map((i: any) => i.href)));
    expect(hrefs).toContain('/diamonds');
    expect(hrefs).toContain('/diamonds/melee');
    expect(hrefs).toContain('/notable-gemstones/shop-by-stone-type');
    expect(hrefs.some((h: string) => /^\/product\/[^/]+\/\d+\/\d+\/\d+$/.test(h))).toBe(true);
  });

  it('uses every filter label the spec names somewhere in the menu', async () => {
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/menu' })).json();
    const labels = new Set(
      data.flatMap((s: any) =>
        s.groups.flatMap((g: any) => g.items.flatMap((i: any) => (i.filters ?? []).map((f: any) => f.label))),
      ),
    );
    for (const label of FILTER_LABELS) expect(labels, label).toContain(label);
  });

  it('is kept only if asked again before each use (a hidden category leaves at once), and answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/menu' });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    const second = await t.app.inject({ method: 'GET', url: '/api/menu', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });
});
