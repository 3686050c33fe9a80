import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession, withStoreSettings } from '../../test/staff.ts';

// A design made by hand in the back office: from the form to a shopper's order, and off sale again.

let t: TestApp;
let manager: string;
let categoryId: number;
beforeAll(async () => {
  t = await buildTestApp();
  manager = (await staffSession(t, 'manager')).cookie;
  categoryId = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`select category_id as id from product_group where kind = 'ring' and not configurable
      group by category_id order by count(*) desc limit 1`),
  )[0]!.id;
});
afterAll(() => t.close());

const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}` });
const groups = async () => (await q<{ n: number }>(sql`select count(*)::int as n from product_group`))[0]!.n;
const signet = (extra: object = {}) => ({
  name: `Oval Signet ${randomUUID().slice(0, 6)}`,
  longDescription: 'A heavy oval signet, cast in our workshop and polished by hand, ready for engraving.',
  categoryId,
  kind: 'ring',
  metals: ['14KY', 'PLAT'],
  sizes: [6, 7],
  pricing: { mode: 'metal', weightG: 6, labourCents: 45_000 },
  stock: { mode: 'on-hand', quantity: 3, shipsInDays: 2 },
  attributes: [{ label: 'Style', value: 'Signet' }],
  ...extra,
});
const create = (body: object) => adminCall(t, manager, 'POST', '/products', body);
const publish = async (id: number, version: number) => {
  const res = await adminCall(t, manager, 'PATCH', `/products/${id}`, { version, published: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const listingIds = async (category: number) => {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const d = (await get(`/category/${category}?pageSize=96&page=${page}`)).json().data;
    ids.push(...d.products.map((p: { groupId: number }) => p.groupId));
    if (ids.length >= d.count) return ids;
  }
};
const searchIds = async (text: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/product/search-product',
      payload: { data: text, page: 1, pageSize: 50 },
    })
  )
    .json()
    .data.products.map((p: { groupId: number }) => p.groupId);
/** Whether the product sitemap lists the design (every page of the first file). */
const sitemapHas = async (id: number) => {
  for (let offset = 0; offset < 50_000; offset += 5_000) {
    const rows = (await get(`/sitemap/entries?kind=products&file=1&offset=${offset}&limit=5000`)).json().data as Array<{
      path: string;
    }>;
    if (rows.some((r) => r.path.includes(`/${id}/`))) return true;
    if (rows.length < 5_000) return false;
  }
  return false;
};

describe('a new design by hand', () => {
  it('refuses a form with mistakes, with a reason per field, and keeps nothing', async () => {
    const before = await groups();
    for (const [body, field] of [
      [signet({ metals: [] }), 'metals'],
      [signet({ sizes: [] }), 'sizes'],
      [signet({ sizes: [6.3] }), 'sizes.0'],
      [signet({ pricing: { mode: 'fixed', priceCents: -100 } }), 'pricing.priceCents'],
      [
        signet({ pricing: { mode: 'fixed', priceCents: 100_000, byMetal: [{ metal: '18KR', priceCents: 1 }] } }),
        'pricing.byMetal.0.metal',
      ],
      [
        signet({
          kind: 'pendant',
          sizes: [],
          pricing: { mode: 'fixed', priceCents: 100_000, bands: [{ from: 9, plusCents: 100 }] },
        }),
        'pricing.bands',
      ],
      [
        signet({
          pricing: {
            mode: 'fixed',
            priceCents: 100_000,
            bands: [
              { from: 9, plusCents: 1 },
              { from: 9, plusCents: 2 },
            ],
          },
        }),
        'pricing.bands',
      ],
      [signet({ stock: { mode: 'on-hand', quantity: -1, shipsInDays: 2 } }), 'stock.quantity'],
      [signet({ kind: 'pendant' }), 'sizes'],
      [signet({ series: 'no spaces allowed' }), 'series'],
    ] as const) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
    }
    const unknown = await create(signet({ categoryId: 2_000_000_000 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('categoryId');
    expect(await groups()).toBe(before);
  });

  it('takes fixed prices per metal and more from a size up, as typed (no rounding)', async () => {
    const res = await create(
      signet({
        sizes: [6, 7, 9, 10.5],
        pricing: {
          mode: 'fixed',
          priceCents: 180_050,
          byMetal: [{ metal: 'PLAT', priceCents: 240_000 }],
          bands: [
            { from: 10, plusCents: 20_000 },
            { from: 9, plusCents: 12_500 },
          ],
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const prices = Object.fromEntries(
      (res.json().data.variants as Array<{ metal: string; fingerSize: number; priceCents: number }>).map((v) => [
        `${v.metal} ${v.fingerSize}`,
        v.priceCents,
      ]),
    );
    expect(prices).toEqual({
      '14KY 6': 180_050,
      '14KY 7': 180_050,
      '14KY 9': 192_550,
      '14KY 10.5': 200_050,
      'PLAT 6': 240_000,
      'PLAT 7': 240_000,
      'PLAT 9': 252_500,
      'PLAT 10.5': 260_000,
    });
  });

  it('prices a new design by metal as the store rounds (here, to a price ending in 0)', async () => {
    await withStoreSettings(t, { priceRounding: 'end-0' }, async () => {
      expect((await adminCall(t, manager, 'GET', '/design-options')).json().data.priceRounding).toBe('end-0');
      const res = await create(signet());
      expect(res.statusCode, res.body).toBe(201);
      const rate = await q<{ quality: string; cents: number }>(
        sql`select quality, cents_per_gram as cents from metal_rate where quality in ('14KY', 'PLAT')`,
      );
      for (const v of res.json().data.variants as Array<{ metal: string; weightG: number; priceCents: number }>) {
        const m = rate.find((r) => r.quality === v.metal)!;
        expect(v.priceCents).toBe(Math.round((45_000 + v.weightG * m.cents) / 1000) * 1000);
      }
    });
  });

  it('makes a draft with a variant per metal and size, priced from the metal rate, found by shoppers once published', async () => {
    const body = signet();
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().data;
    expect(p).toMatchObject({ status: 'draft', published: false, pricing: 'metal', stockTracked: true });
    expect(p.variants).toHaveLength(4);
    const rate = await q<{ quality: string; cents: number; density: number }>(
      sql`select quality, cents_per_gram as cents, density_factor as density from metal_rate where quality in ('14KY', 'PLAT')`,
    );
    for (const v of p.variants) {
      const m = rate.find((r) => r.quality === v.metal)!;
      const grams = Math.round(6 * m.density * (1 + (v.fingerSize - 7) * 0.03) * 10) / 10;
      expect(v.weightG).toBe(grams);
      expect(v.priceCents).toBe(Math.round((45_000 + grams * m.cents) / 100) * 100);
      expect(v.stock).toBe(3);
      expect(v.sku).toMatch(new RegExp(`^${p.series}-(14KY|PLAT)-(6|7)$`));
    }
    // A draft is the staff's alone: no page, no listing; the preview shows it.
    expect((await get(`/product/product?groupId=${p.id}`)).statusCode).toBe(404);
    const preview = await adminCall(t, manager, 'GET', `/products/${p.id}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ GroupDescription: body.name, stockTracked: true });

    await publish(p.id, p.version);
    await expect.poll(() => listingIds(categoryId), { timeout: 2000 }).toContain(p.id);
    await expect.poll(() => searchIds(body.name), { timeout: 2000 }).toContain(p.id);
    await expect.poll(() => sitemapHas(p.id), { timeout: 2000 }).toBe(true);
  });

  it('a piece on hand sells down to zero and never below: 20 shoppers at once for the last 3 → 3 orders', async () => {
    const made = (await create(signet({ metals: ['14KW'], sizes: [7] }))).json().data;
    await publish(made.id, made.version);
    const variant = made.variants[0].id as number;
    const sessions = Array.from({ length: 20 }, () => randomUUID());
    for (const s of sessions) {
      const add = await t.app.inject({
        method: 'POST',
        url: '/api/cart/items',
        headers: { 'x-session-id': s },
        payload: { kind: 'product', id: variant, quantity: 1 },
      });
      expect(add.statusCode, add.body).toBe(200);
    }
    const answers = await Promise.all(
      sessions.map((s) =>
        t.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: { 'x-session-id': s, 'idempotency-key': randomUUID() },
          payload: orderBody(`buyer-${s.slice(0, 8)}@example.com`),
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201 || c === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(17);
    for (const r of refused) expect(r.json().message).toMatch(/sold out|Out of stock|Only/);
    expect((await q<{ stock: number }>(sql`select stock from product where id = ${variant}`))[0]!.stock).toBe(0);

    // The page says so, and a cart can no longer take it.
    const page = (await get(`/product/product?groupId=${made.id}&productId=${variant}`)).json().data;
    expect(page.variants[0].stock).toBe(0);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': randomUUID() },
      payload: { kind: 'product', id: variant, quantity: 1 },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Out of stock');
  });

  it('a cart cannot hold more than is on hand', async () => {
    const made = (await create(signet({ metals: ['14KR'], sizes: [8] }))).json().data;
    await publish(made.id, made.version);
    const s = randomUUID();
    const add = (quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/items',
        headers: { 'x-session-id': s },
        payload: { kind: 'product', id: made.variants[0].id, quantity },
      });
    expect((await add(2)).statusCode).toBe(200);
    const more = await add(2);
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe('Only 3 left, and your cart already holds 2.');
  });

  it('archived: off listings and search at once, its page answers 410 with its category, carts say so', async () => {
    const made = (await create(signet())).json().data;
    const live = await publish(made.id, made.version);
    const s = randomUUID();
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': s },
      payload: { kind: 'product', id: made.variants[0].id, quantity: 1 },
    });
    await expect.poll(() => listingIds(categoryId), { timeout: 2000 }).toContain(made.id);

    const stale = await adminCall(t, manager, 'POST', `/products/${made.id}/archive`, { version: made.version });
    expect(stale.statusCode, 'an archive from a stale page is refused').toBe(409);
    const archived = await adminCall(t, manager, 'POST', `/products/${made.id}/archive`, { version: live.version });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data).toMatchObject({ status: 'archived', published: false });

    const page = await get(`/product/product?groupId=${made.id}`);
    expect(page.statusCode).toBe(410);
    expect(page.json().errors).toEqual({ category: `/category/${categoryId}` });
    await expect.poll(() => listingIds(categoryId), { timeout: 1000 }).not.toContain(made.id);
    expect(await searchIds(made.description)).not.toContain(made.id);
    expect(await sitemapHas(made.id)).toBe(false);
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: { 'x-session-id': s } })).json().data;
    expect(cart.lines[0]).toMatchObject({ available: false });

    // Publishing straight from the archive is refused; restored, it is a draft to check first.
    const back = await adminCall(t, manager, 'PATCH', `/products/${made.id}`, {
      version: archived.json().data.version,
      published: true,
    });
    expect(back.statusCode).toBe(409);
    const restored = await adminCall(t, manager, 'POST', `/products/${made.id}/restore`, {
      version: archived.json().data.version,
    });
    expect(restored.json().data).toMatchObject({ status: 'draft' });
  });

  it('duplicates a design as a new draft with its own address and SKUs', async () => {
    const made = (await create(signet({ series: `DUP-${randomUUID().slice(0, 4).toUpperCase()}` }))).json().data;
    const copy = await adminCall(t, manager, 'POST', `/products/${made.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    const c = copy.json().data;
    expect(c).toMatchObject({ status: 'draft', description: `${made.description} (copy)`, stockTracked: true });
    expect(c.id).not.toBe(made.id);
    expect(c.series).not.toBe(made.series);
    expect(c.variants.map((v: { metal: string }) => v.metal)).toEqual(
      made.variants.map((v: { metal: string }) => v.metal),
    );
    const skus = new Set(made.variants.map((v: { sku: string }) => v.sku));
    for (const v of c.variants) expect(skus.has(v.sku)).toBe(false);
    expect(c.attributes).toEqual(made.attributes);
  });

  it('edits address, SKU and stock; a taken address or SKU is refused', async () => {
    const a = (await create(signet())).json().data;
    const b = (await create(signet())).json().data;
    const taken = await adminCall(t, manager, 'PATCH', `/products/${b.id}`, { version: b.version, series: a.series });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toHaveProperty('series');
    const sku = await adminCall(t, manager, 'PATCH', `/products/${b.id}`, {
      version: b.version,
      variants: [{ id: b.variants[0].id, sku: a.variants[0].sku }],
    });
    expect(sku.statusCode).toBe(400);
    const ok = await adminCall(t, manager, 'PATCH', `/products/${b.id}`, {
      version: b.version,
      series: `${b.series}-X`.slice(0, 24),
      seoTitle: 'Oval signet ring in gold',
      variants: [
        { id: b.variants[0].id, stock: 9 },
        { id: b.variants[1].id, sku: `${b.variants[1].sku}-B` },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const d = ok.json().data;
    expect(d.seoTitle).toBe('Oval signet ring in gold');
    expect(d.variants.find((v: { id: number }) => v.id === b.variants[0].id).stock).toBe(9);
    expect(d.variants.find((v: { id: number }) => v.id === b.variants[1].id).sku).toBe(`${b.variants[1].sku}-B`);
  });

  it('a fixed price stays put when a metal price moves', async () => {
    const owner = (await staffSession(t, 'owner')).cookie;
    const made = (
      await create(signet({ metals: ['18KW'], sizes: [7], pricing: { mode: 'fixed', priceCents: 250_000 } }))
    ).json().data;
    const rate = (await q<{ c: number }>(sql`select cents_per_gram as c from metal_rate where quality = '18KW'`))[0]!.c;
    const moved = await adminCall(t, owner, 'PUT', '/metal-rates/18KW', { centsPerGram: rate + 1_000 });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await adminCall(t, manager, 'GET', `/products/${made.id}`)).json().data;
    expect(after.variants[0].priceCents).toBe(250_000);
  });

  it('a setting with stone places works in the configurator, priced by it; places nothing can fill are refused', async () => {
    const places = [
      {
        group: 'Center',
        shape: 'Round',
        count: 1,
        settingType: '4-prong',
        caratMin: 0.9,
        caratMax: 1.1,
        settingLabourCents: 8_500,
        optional: false,
      },
      {
        group: 'Accent',
        shape: 'Round',
        count: 16,
        settingType: 'pavé',
        sizeMm: 1.3,
        settingLabourCents: 18_000,
        optional: false,
      },
    ];
    const res = await create(
      signet({
        name: `Pavé Solitaire ${randomUUID().slice(0, 4)}`,
        stock: { mode: 'made-to-order' },
        stonePlaces: places,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().data;
    expect(p.configurable).toBe(true);
    expect(p.minPriceCents).toBeGreaterThan(0);
    const preview = (await adminCall(t, manager, 'GET', `/products/${p.id}/preview`)).json().data;
    expect(preview.configurable).toBe(true);
    await publish(p.id, p.version);
    const page = (await get(`/product/product?groupId=${p.id}`)).json().data;
    expect(page.configuration.locations).toEqual([
      expect.objectContaining({ group: 'Center', shape: 'Round', caratMin: 0.9, caratMax: 1.1, optional: false }),
      expect.objectContaining({ group: 'Accent', count: 16, sizeMm: 1.3 }),
    ]);

    const noMelee = await create(
      signet({ stock: { mode: 'made-to-order' }, stonePlaces: [{ ...places[1], sizeMm: 3.9 }] }),
    );
    expect(noMelee.statusCode).toBe(400);
    expect(noMelee.json().message).toMatch(/No melee of 3.9 mm round/);
    const nothingFits = await create(
      signet({
        stock: { mode: 'made-to-order' },
        stonePlaces: [{ ...places[0], shape: 'Heart', caratMin: 9.8, caratMax: 10 }],
      }),
    );
    expect(nothingFits.statusCode).toBe(400);
    expect(nothingFits.json().errors).toHaveProperty('stonePlaces');
    const onHand = await create(signet({ stonePlaces: places }));
    expect(onHand.statusCode, 'a setting is made to order').toBe(400);
  });

  it("a setting's stone places are changed after saving: versioned, priced again, audited; refusals change nothing", async () => {
    const center = {
      group: 'Center',
      shape: 'Round',
      count: 1,
      settingType: '4-prong',
      caratMin: 0.9,
      caratMax: 1.1,
      settingLabourCents: 8_500,
      optional: false,
    };
    const made = (await create(signet({ stock: { mode: 'made-to-order' }, stonePlaces: [center] }))).json().data;
    expect(made.stonePlaces).toEqual([center]);
    const put = (version: number, stonePlaces: object[]) =>
      adminCall(t, manager, 'PUT', `/products/${made.id}/stone-places`, { version, stonePlaces });

    const wider = { ...center, caratMin: 0.7, caratMax: 1.5, settingType: '6-prong' };
    const changed = await put(made.version, [wider]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ version: made.version + 1, stonePlaces: [wider] });
    expect(changed.json().data.minPriceCents).toBeGreaterThan(0);
    const preview = (await adminCall(t, manager, 'GET', `/products/${made.id}/preview`)).json().data;
    expect(preview.configuration.locations).toEqual([
      expect.objectContaining({ caratMin: 0.7, caratMax: 1.5, settingType: '6-prong' }),
    ]);

    // An editor open on the old version, and places nothing on sale fits, are refused; nothing moves.
    expect((await put(made.version, [center])).statusCode).toBe(409);
    const nothing = await put(made.version + 1, [{ ...center, shape: 'Heart', caratMin: 9.8, caratMax: 10 }]);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors).toHaveProperty('stonePlaces');
    expect((await adminCall(t, manager, 'GET', `/products/${made.id}`)).json().data).toMatchObject({
      version: made.version + 1,
      stonePlaces: [wider],
    });
    // A design sold as it is has no places to change.
    const plain = (await create(signet())).json().data;
    expect(
      (
        await adminCall(t, manager, 'PUT', `/products/${plain.id}/stone-places`, {
          version: plain.version,
          stonePlaces: [center],
        })
      ).statusCode,
    ).toBe(409);
    const [entry] = await q<{ before: { stonePlaces: object[] }; after: { stonePlaces: object[] } }>(
      sql`select before, after from audit_log where action = 'product.stone-places' and entity_id = ${String(made.id)}`,
    );
    expect(entry!.before.stonePlaces).toEqual([expect.objectContaining({ caratMin: 0.9 })]);
    expect(entry!.after.stonePlaces).toEqual([expect.objectContaining({ caratMin: 0.7 })]);
  });
});

describe('a setting made up and kept in the case', () => {
  it('becomes a design of its own, sold as it is from stock, its stones said; the setting stays made to order', async () => {
    const center = {
      group: 'Center',
      shape: 'Round',
      count: 1,
      settingType: '4-prong',
      caratMin: 0.9,
      caratMax: 1.1,
      settingLabourCents: 8_500,
      optional: false,
    };
    const setting = (await create(signet({ stock: { mode: 'made-to-order' }, stonePlaces: [center] }))).json().data;
    const finish = (id: number, body: object) => adminCall(t, manager, 'POST', `/products/${id}/finished-piece`, body);
    const piece = {
      metal: 'PLAT',
      size: 7,
      stones: '1.02 ct round diamond, G VS1, GIA 2141234567',
      priceCents: 845_000,
      quantity: 1,
      shipsInDays: 2,
    };
    const res = await finish(setting.id, piece);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({
      status: 'draft',
      configurable: false,
      pricing: 'fixed',
      stockTracked: true,
      stonePlaces: null,
      minPriceCents: 845_000,
    });
    expect(made.description).toBe(`${setting.description}, ready to ship`);
    expect(made.variants).toEqual([
      expect.objectContaining({ metal: 'PLAT', fingerSize: 7, priceCents: 845_000, stock: 1 }),
    ]);
    expect(made.attributes).toContainEqual({ label: 'Stones set', value: piece.stones });
    await publish(made.id, made.version);
    const page = (await get(`/product/product?groupId=${made.id}`)).json().data;
    expect(page.configuration).toBeNull();
    expect(page.variants).toEqual([expect.objectContaining({ priceCents: 845_000, stock: 1, leadDays: 2 })]);
    expect(page.longDescription).toContain(`set with ${piece.stones}`);
    // The setting itself is untouched.
    expect((await adminCall(t, manager, 'GET', `/products/${setting.id}`)).json().data).toMatchObject({
      configurable: true,
      version: setting.version,
    });

    const wrongSize = await finish(setting.id, { ...piece, size: 12 });
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json().errors).toHaveProperty('size');
    const wrongMetal = await finish(setting.id, { ...piece, metal: '18KR' });
    expect(wrongMetal.json().errors).toHaveProperty('metal');
    expect((await finish(made.id, piece)).statusCode, 'a piece sold as it is has no finished piece').toBe(409);
  });
});

describe('a category arranged by hand', () => {
  it('puts a new design first in its category and in two collections; its address stays its home', async () => {
    const made = (await create(signet())).json().data;
    await publish(made.id, made.version);
    await expect.poll(() => listingIds(categoryId), { timeout: 2000 }).toContain(made.id);
    // Under "Featured" a new design is not first, until it is placed there.
    expect((await listingIds(categoryId))[0]).not.toBe(made.id);
    const arrangement = (await adminCall(t, manager, 'GET', `/categories/${categoryId}/arrangement`)).json().data;
    const others = arrangement.pieces.map((p: { groupId: number }) => p.groupId).filter((id: number) => id !== made.id);
    const put = (category: number, groupIds: number[]) =>
      adminCall(t, manager, 'PUT', `/categories/${category}/arrangement`, { groupIds });
    const first = await put(categoryId, [made.id, others[2]]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.pieces.slice(0, 2)).toMatchObject([
      { groupId: made.id, placed: true, home: true },
      { groupId: others[2], placed: true },
    ]);
    await expect
      .poll(async () => (await listingIds(categoryId)).slice(0, 2), { timeout: 2000 })
      .toEqual([made.id, others[2]]);

    // Two collections elsewhere: it is listed in each, its page's breadcrumb is still its home.
    const elsewhere = await q<{ id: number }>(
      sql`select id from category where id <> ${categoryId} and parent_id is not null order by id limit 2`,
    );
    const designsIn = async (id: number) =>
      (await adminCall(t, manager, 'GET', '/categories'))
        .json()
        .data.categories.find((c: { id: number }) => c.id === id)?.designs as number;
    const countedBefore = await designsIn(elsewhere[0]!.id);
    for (const c of elsewhere) expect((await put(c.id, [made.id])).statusCode).toBe(200);
    // The categories list counts the collection's member among the category's designs.
    expect(await designsIn(elsewhere[0]!.id)).toBe(countedBefore + 1);
    for (const c of elsewhere) await expect.poll(() => listingIds(c.id), { timeout: 2000 }).toContain(made.id);
    const page = (await get(`/product/product?groupId=${made.id}`)).json().data;
    expect(page.category.id).toBe(categoryId);

    // Refused: a design twice, an unknown design; a fulfilment member may not arrange.
    expect((await put(categoryId, [made.id, made.id])).statusCode).toBe(400);
    expect((await put(categoryId, [2_000_000_000])).statusCode).toBe(400);
    const fulfilment = (await staffSession(t, 'fulfilment')).cookie;
    expect(
      (await adminCall(t, fulfilment, 'PUT', `/categories/${categoryId}/arrangement`, { groupIds: [] })).statusCode,
    ).toBe(403);
    // Taking it out of a collection takes it off that listing.
    expect((await put(elsewhere[0]!.id, [])).statusCode).toBe(200);
    await expect.poll(() => listingIds(elsewhere[0]!.id), { timeout: 2000 }).not.toContain(made.id);
    const [audited] = await q<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'category.arrange'`,
    );
    expect(audited!.n).toBeGreaterThanOrEqual(4);
  });
});
