import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { CLARITIES, COLORS, SHAPES } from './grades.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp({ SEED_SCALE: '0.1' }); });
afterAll(async () => { await t.close(); });

const get = (url: string) => t.app.inject({ method: 'GET', url });
const q = (filters: unknown) => encodeURIComponent(JSON.stringify(filters));

describe('category listing', () => {
  it('every mega-menu item leads to a non-empty listing', async () => {
    const menu = (await get('/api/menu')).json().data;
    const items = menu.flatMap((s: any) => s.groups.flatMap((g: any) => g.items)).filter((i: any) => i.categoryId != null);
    for (const item of items) {
      const res = await get(`/api${item.href}`);
      expect(res.statusCode, item.href).toBe(200);
      expect(res.json().data.count, `${item.label} ${item.href}`).toBeGreaterThan(0);
    }
  });

  it('counts match a direct SQL count, and facets count the current result', async () => {
    const filters = [{ label: 'primary stone shape', matchType: 'exact', options: ['Oval', 'Round'] }, { label: 'metal type', matchType: 'like', options: ['Platinum'] }];
    const { data } = (await get(`/api/category/1100?filters=${q(filters)}&pageSize=96`)).json();
    const { n } = rowsOf<{ n: number }>(await t.database.db.execute(sql`
      select count(*)::int n from product_group g where g.category_id in (1100, 1101, 1102, 1103, 1104)
      and exists (select 1 from product_attribute a where a.group_id = g.id and a.label = 'primary stone shape' and a.value in ('Oval', 'Round'))
      and exists (select 1 from product_attribute a where a.group_id = g.id and a.label = 'metal type' and a.value ilike '%Platinum%')`))[0]!;
    expect(data.count).toBe(n);
    expect(n).toBeGreaterThan(0);
    const shapes = data.attributes.find((a: any) => a.label === 'primary stone shape').values;
    expect(shapes.map((v: any) => v.value).sort()).toEqual(['Oval', 'Round']);
    expect(shapes.reduce((s: number, v: any) => s + v.count, 0)).toBe(n);
    const metal = data.attributes.find((a: any) => a.label === 'metal type').values.find((v: any) => v.value === 'Platinum');
    expect(metal.count).toBe(n);
  });

  it('removing a facet widens the result', async () => {
    const one = (await get(`/api/category/1300?filters=${q([{ label: 'chain style', options: ['Box'] }])}`)).json().data.count;
    const two = (await get(`/api/category/1300?filters=${q([{ label: 'chain style', options: ['Box', 'Rope'] }])}`)).json().data.count;
    const none = (await get('/api/category/1300')).json().data.count;
    expect(one).toBeGreaterThan(0);
    expect(two).toBeGreaterThan(one);
    expect(none).toBeGreaterThan(two);
  });

  it('sorts by price both ways', async () => {
    const asc = (await get('/api/category/1200?sort=price-asc&pageSize=50')).json().data.products.map((p: any) => p.priceCents);
    const desc = (await get('/api/category/1200?sort=price-desc&pageSize=50')).json().data.products.map((p: any) => p.priceCents);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it.each([
    ['/api/category/1100?filters=not-json', 400, /filters/],
    [`/api/category/1100?filters=${q([{ label: 'x' }])}`, 400, /filters/],
    [`/api/category/1100?filters=${q({ label: 'x', options: ['y'] })}`, 400, /filters/],
    ['/api/category/999999', 404, /no category/],
    ['/api/category/abc', 400, /id/],
    ['/api/category/1100?page=0', 400, /page/],
    ['/api/category/1100?page=999', 404, /last page/],
    ['/api/category/1100?pageSize=5000', 400, /pageSize/],
    ['/api/category/1100?sort=cheapest', 400, /sort/],
    ['/api/category/1100?unknown=1', 400, /./],
  ])('rejects %s with %i and a message', async (url, status, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
  });
});

describe('product', () => {
  it('answers one group with variants, attributes, images and related pieces', async () => {
    const card = (await get('/api/category/1101?pageSize=1')).json().data.products[0];
    const { data } = (await get(`/api/product/product?groupId=${card.groupId}&productId=${card.productId}`)).json();
    expect(data.GroupDescription).toBe(card.GroupDescription);
    expect(data.selectedProductId).toBe(card.productId);
    expect(data.variants.length).toBeGreaterThan(5);
    expect(Math.min(...data.variants.map((v: any) => v.priceCents))).toBe(card.priceCents);
    expect(data.images.length).toBe(new Set(data.variants.map((v: any) => v.metal)).size);
    expect(data.related.length).toBeGreaterThan(0);
    expect(data.category.breadcrumb.map((b: any) => b.id)).toEqual([1100, 1101]);
  });

  it('answers 404 for an unknown group or variant', async () => {
    expect((await get('/api/product/product?groupId=99999999')).statusCode).toBe(404);
    expect((await get('/api/product/product?groupId=1&productId=99999999')).statusCode).toBe(404);
  });

  it('serves drawn product images as cacheable SVG', async () => {
    const card = (await get('/api/category/1401?pageSize=1')).json().data.products[0];
    const res = await get(card.image);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(res.body).toMatch(/^<svg[^>]*><title>/);
    expect(res.body.length).toBeLessThan(12_000);
  });

  it('lists variants by series for fetch-products', async () => {
    const card = (await get('/api/category/1301?pageSize=1')).json().data.products[0];
    const { data } = (await get(`/api/stuller/fetch-products?series=${card.series}`)).json();
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((v: any) => v.series === card.series)).toBe(true);
  });
});

describe('diamond search', () => {
  type D = { shape: string; carat: number; color: string; clarity: string; priceCents: number; origin: string };
  let all: D[] = [];
  beforeAll(async () => {
    all = rowsOf<D>(await t.database.db.execute(sql`select shape, carat_points / 100.0 as carat, color, clarity, price_cents as "priceCents", origin from diamond where status = 'available'`))
      .map((d) => ({ ...d, carat: Number(d.carat) }));
  });

  it('combines filters exactly like an in-memory filter of the same data (property test)', async () => {
    await fc.assert(fc.asyncProperty(
      fc.record({
        origin: fc.option(fc.constantFrom('natural', 'lab'), { nil: undefined }),
        shapes: fc.option(fc.subarray([...SHAPES], { minLength: 1, maxLength: 3 }), { nil: undefined }),
        carat: fc.option(fc.tuple(fc.integer({ min: 20, max: 300 }), fc.integer({ min: 0, max: 300 })), { nil: undefined }),
        color: fc.option(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 })), { nil: undefined }),
        clarity: fc.option(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 })), { nil: undefined }),
        price: fc.option(fc.tuple(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 30_000 })), { nil: undefined }),
      }),
      async (f) => {
        const params = new URLSearchParams({ pageSize: '96' });
        const caratMin = f.carat ? f.carat[0] / 100 : undefined, caratMax = f.carat ? (f.carat[0] + f.carat[1]) / 100 : undefined;
        const colorMin = f.color ? Math.min(...f.color) : undefined, colorMax = f.color ? Math.max(...f.color) : undefined;
        const clarityMin = f.clarity ? Math.min(...f.clarity) : undefined, clarityMax = f.clarity ? Math.max(...f.clarity) : undefined;
        const priceMin = f.price ? f.price[0] : undefined, priceMax = f.price ? f.price[0] + f.price[1] : undefined;
        if (f.origin) params.set('origin', f.origin);
        if (f.shapes) params.set('shape', f.shapes.join(','));
        if (caratMin !== undefined) { params.set('caratMin', String(caratMin)); params.set('caratMax', String(caratMax)); }
        if (colorMin !== undefined) { params.set('colorMin', String(colorMin)); params.set('colorMax', String(colorMax)); }
        if (clarityMin !== undefined) { params.set('clarityMin', String(clarityMin)); params.set('clarityMax', String(clarityMax)); }
        if (priceMin !== undefined) { params.set('priceMin', String(priceMin)); params.set('priceMax', String(priceMax)); }
        const res = await get(`/api/diamond?${params}`);
        expect(res.statusCode).toBe(200);
        const { data } = res.json();
        const expected = all.filter((d) =>
          (!f.origin || d.origin === f.origin) && (!f.shapes || f.shapes.includes(d.shape as never)) &&
          (caratMin === undefined || (d.carat >= caratMin - 1e-9 && d.carat <= caratMax! + 1e-9)) &&
          (colorMin === undefined || (COLORS.indexOf(d.color as never) >= colorMin && COLORS.indexOf(d.color as never) <= colorMax!)) &&
          (clarityMin === undefined || (CLARITIES.indexOf(d.clarity as never) >= clarityMin && CLARITIES.indexOf(d.clarity as never) <= clarityMax!)) &&
          (priceMin === undefined || (d.priceCents >= priceMin * 100 && d.priceCents <= priceMax! * 100)));
        expect(data.count).toBe(expected.length);
        const prices = data.diamonds.map((d: any) => d.priceCents);
        expect(prices).toEqual(expected.map((d) => d.priceCents).sort((a, b) => a - b).slice(0, 96));
      },
    ), { numRuns: 40 });
  });

  it('answers a histogram whose counts add up to the result without the price filter', async () => {
    const { data } = (await get('/api/diamond?origin=natural&shape=Round')).json();
    expect(data.histogram.reduce((s: number, b: any) => s + b.count, 0)).toBe(data.count);
    const withPrice = (await get('/api/diamond?origin=natural&shape=Round&priceMin=2000&priceMax=8000')).json().data;
    expect(withPrice.histogram.reduce((s: number, b: any) => s + b.count, 0)).toBe(data.count);
    expect(withPrice.count).toBeLessThan(data.count);
  });

  it('answers one diamond, and 404 for an unknown one', async () => {
    const first = (await get('/api/diamond?pageSize=1')).json().data.diamonds[0];
    const one = (await get(`/api/product/diamond?id=${first.id}`)).json().data;
    expect(one).toMatchObject({ id: first.id, serial: first.serial, certificate: first.certificate });
    expect((await get('/api/product/diamond?id=99999999')).statusCode).toBe(404);
  });

  it.each([
    ['/api/diamond?caratMin=2&caratMax=1', /upside down/],
    ['/api/diamond?colorMin=12', /./],
    ['/api/diamond?sort=random', /sort/],
    ["/api/diamond?shape=Round'%20OR%201=1--", null],
  ])('handles %s without a 500', async (url, message) => {
    const res = await get(url);
    if (message) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    } else {
      expect(res.statusCode).toBe(200);
      expect(res.json().data.count).toBe(0);
    }
  });
});

describe('notable gemstones and melee', () => {
  it('lists at least 8 stone types with counts and images', async () => {
    const { data } = (await get('/api/product/type-notable-gemstone')).json();
    expect(data.length).toBeGreaterThanOrEqual(8);
    for (const type of data) { expect(type.count).toBeGreaterThan(0); expect(type.image).toMatch(/^\/api\/media\//); }
  });

  it('filters the stones of a type', async () => {
    const all = (await get('/api/product/notable-gemstone?type=sapphire')).json().data;
    expect(all.count).toBeGreaterThan(0);
    expect(all.gemstones.every((g: any) => g.type === 'sapphire')).toBe(true);
    const agta = (await get('/api/product/notable-gemstone?type=sapphire&agta=yes')).json().data;
    expect(agta.count).toBeLessThan(all.count);
    expect(agta.gemstones.every((g: any) => g.agtaCertificate)).toBe(true);
    expect((await get('/api/product/notable-gemstone?type=unobtainium')).statusCode).toBe(404);
  });

  it('prices melee per carat and per stone', async () => {
    const { data } = (await get('/api/melee?origin=natural&shape=Round')).json();
    expect(data.length).toBeGreaterThan(10);
    for (const p of data) expect(p.pricePerStoneCents).toBe(Math.max(1, Math.round(p.pricePerCaratCents * p.caratPerStone)));
  });
});

describe('search', () => {
  it('suggests at most 8 distinct descriptions, nothing under 2 characters', async () => {
    expect((await get('/api/stuller/fetch-auto-complete?q=h')).json().data).toEqual([]);
    const { data } = (await get('/api/stuller/fetch-auto-complete?q=halo')).json();
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(8);
    expect(new Set(data.map((s: any) => s.GroupDescription)).size).toBe(data.length);
    for (const s of data) { expect(s.GroupDescription).toMatch(/halo/i); expect(s.Images.FullUrl).toMatch(/^\/api\/media\//); }
  });

  it('finds products by full text, with counts per section', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/product/search-product', payload: { data: 'emerald pendant', type: 'all' } });
    const { data } = res.json();
    expect(data.matched).toBe('text');
    expect(data.count).toBeGreaterThan(0);
    expect(data.sections.reduce((s: number, x: any) => s + x.count, 0)).toBe(data.count);
  });

  it('tolerates typos', async () => {
    const { data } = (await t.app.inject({ method: 'POST', url: '/api/product/search-product', payload: { data: 'solitare engagment' } })).json();
    expect(data.matched).toBe('fuzzy');
    expect(data.products[0].GroupDescription).toMatch(/Solitaire/);
  });

  it('answers an empty result, not an error, for nonsense and injection strings', async () => {
    for (const data of ['zzzqqqxxx', "'; drop table product_group; --", '<script>alert(1)</script>']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/product/search-product', payload: { data } });
      expect(res.statusCode).toBe(200);
    }
    const { n } = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int n from product_group`))[0]!;
    expect(n).toBeGreaterThan(0);
  });

  it('rejects an empty query and unknown fields', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/product/search-product', payload: { data: '' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/product/search-product', payload: { data: 'ring', price: 1 } })).statusCode).toBe(400);
  });
});
