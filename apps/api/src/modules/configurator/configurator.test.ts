import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { priceConfiguration, sizeUpchargeCents } from './price.ts';

let t: TestApp;
let setting: { groupId: number; shape: string; caratMin: number; caratMax: number; halo: boolean };
beforeAll(async () => {
  t = await buildTestApp({ SEED_SCALE: '0.3' });
  // A round halo setting: a center location and an accent location.
  const [row] = rowsOf<{
    groupId: number;
    locations: Array<{ LocationNumber: number; shape: string; caratMin: number; caratMax: number }>;
  }>(
    await t.database.db.execute(sql`
    select m.group_id as "groupId", m.locations from configuration_model m join product_group g on g.id = m.group_id
    where g.category_id = 1102 and m.locations->0->>'shape' = 'Round' order by g.id limit 1`),
  );
  const center = row!.locations[0]!;
  setting = {
    groupId: row!.groupId,
    shape: center.shape,
    caratMin: center.caratMin,
    caratMax: center.caratMax,
    halo: row!.locations.length === 2,
  };
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/stuller/${url}`, payload: payload as object });

describe('stone families and fitting stones', () => {
  it("answers families keyed by the caller's locations", async () => {
    const res = await post('stone-families', { groupId: setting.groupId, locations: [1, 2] });
    expect(res.statusCode).toBe(200);
    const { StoneFamilies } = res.json().data;
    expect(StoneFamilies['1'].map((f: any) => f.slug)).toEqual(
      expect.arrayContaining(['diamond', 'lab-grown-diamond']),
    );
    expect(StoneFamilies['1'][0].categories[0].serialized).toBe(true);
    expect(StoneFamilies['2'].every((f: any) => f.categories.every((c: any) => !c.serialized))).toBe(true);
  });

  it('lists only stones that fit the center location', async () => {
    const res = await post('search-stones', { groupId: setting.groupId, location: 1, family: 'diamond', limit: 48 });
    const stones = res.json().data.ConfiguredStones['1'];
    expect(stones.length).toBeGreaterThan(0);
    for (const s of stones) {
      expect(s.title).toMatch(new RegExp(setting.shape));
      const carat = Number(s.title.split(' ')[0]);
      expect(carat).toBeGreaterThanOrEqual(setting.caratMin);
      expect(carat).toBeLessThanOrEqual(setting.caratMax);
      expect(s.totalCents).toBe(s.unitPriceCents * s.quantity + s.settingLabourCents);
    }
  });
});

describe('configure-product', () => {
  const fittingDiamond = async () =>
    (await post('search-stones', { groupId: setting.groupId, location: 1, family: 'diamond' })).json().data
      .ConfiguredStones['1'][0];
  const accent = async () =>
    (await post('search-stones', { groupId: setting.groupId, location: 2, family: 'diamond' })).json().data
      .ConfiguredStones['2'][0];

  it('prices a valid configuration exactly as the price function does', async () => {
    const d = await fittingDiamond();
    const stones = [{ location: 1, kind: 'diamond', id: d.id }];
    const a = setting.halo ? await accent() : null;
    if (a) stones.push({ location: 2, kind: 'melee', id: a.id });
    const res = await post('configure-product', { groupId: setting.groupId, metal: 'PLAT', size: 10, stones });
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    const [m] = rowsOf<{ castingLabourCents: number; baseWeightG: number; locations: any[] }>(
      await t.database.db.execute(sql`
      select casting_labour_cents as "castingLabourCents", base_weight_g as "baseWeightG", locations from configuration_model where group_id = ${setting.groupId}`),
    );
    const expected = priceConfiguration({
      castingLabourCents: m!.castingLabourCents,
      weightG: m!.baseWeightG * (1 + (10 - 7) * 0.03),
      metal: { quality: 'PLAT', name: 'Platinum', centsPerGram: 6_600, densityFactor: 1.6 },
      sizeUpchargeCents: sizeUpchargeCents(10),
      stones: [
        {
          location: 1,
          label: '',
          unitPriceCents: d.unitPriceCents,
          count: m!.locations[0].count,
          settingLabourCents: m!.locations[0].settingLabourCents,
        },
        ...(a
          ? [
              {
                location: 2,
                label: '',
                unitPriceCents: a.unitPriceCents,
                count: m!.locations[1].count,
                settingLabourCents: m!.locations[1].settingLabourCents,
              },
            ]
          : []),
      ],
    });
    expect(body.totalCents).toBe(expected.totalCents);
    expect(body.totalCents).toBe(body.breakdown.reduce((s: number, l: any) => s + l.cents, 0));
    expect(body.breakdown.find((l: any) => l.kind === 'size').cents).toBe(5_000);
    expect(body.images[0].FullUrl).toMatch(/m=PLAT/);
  });

  it('answers the chosen stone’s photograph, when it has one, for the setting page to show', async () => {
    const d = await fittingDiamond();
    const configure = async () =>
      (
        await post('configure-product', {
          groupId: setting.groupId,
          metal: '14KW',
          size: 7,
          stones: [{ location: 1, kind: 'diamond', id: d.id }],
        })
      ).json().data;
    expect((await configure()).stonePhotos).toEqual([]);
    await t.database.db.execute(sql`insert into stone_photo (key, kind, stone_id, position, alt, width, height)
      values ('cfgphotokey00001', 'diamond', ${d.id}, 0, 'Table up', 1200, 1200)`);
    const [shown] = (await configure()).stonePhotos;
    expect(shown).toMatchObject({
      location: 1,
      photo: { alt: 'Table up', large: '/api/media/photo/cfgphotokey00001-large.webp' },
    });
    await t.database.db.execute(sql`delete from stone_photo where key = 'cfgphotokey00001'`);
  });

  it('changes price with metal and size', async () => {
    const d = await fittingDiamond();
    const price = async (metal: string, size: number) =>
      (
        await post('configure-product', {
          groupId: setting.groupId,
          metal,
          size,
          stones: [{ location: 1, kind: 'diamond', id: d.id }],
        })
      ).json().data.totalCents;
    expect(await price('PLAT', 7)).toBeGreaterThan(await price('14KW', 7));
    expect(await price('14KW', 11)).toBeGreaterThan(await price('14KW', 7));
  });

  it('answers 422 for a stone that does not fit, a sold stone, an unknown size or metal', async () => {
    const [wrongShape] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from diamond where shape <> ${setting.shape} and status = 'available' limit 1`,
      ),
    );
    const [tooBig] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from diamond where shape = ${setting.shape} and carat_points > ${Math.round(setting.caratMax * 100)} and status = 'available' limit 1`,
      ),
    );
    const d = await fittingDiamond();
    await t.database.db.execute(sql`update diamond set status = 'sold' where id = ${d.id}`);
    const cases: Array<[unknown, RegExp]> = [
      [
        {
          groupId: setting.groupId,
          metal: '14KW',
          size: 7,
          stones: [{ location: 1, kind: 'diamond', id: wrongShape!.id }],
        },
        /does not fit/,
      ],
      [
        {
          groupId: setting.groupId,
          metal: '14KW',
          size: 7,
          stones: [{ location: 1, kind: 'diamond', id: tooBig!.id }],
        },
        /does not fit/,
      ],
      [
        { groupId: setting.groupId, metal: '14KW', size: 7, stones: [{ location: 1, kind: 'diamond', id: d.id }] },
        /no longer available/,
      ],
      [{ groupId: setting.groupId, metal: '14KW', size: 27 / 2 + 0.25, stones: [] }, /not offered/],
      [{ groupId: setting.groupId, metal: '14KW', stones: [] }, /ring size/],
      [
        { groupId: setting.groupId, metal: '14KW', size: 7, stones: [{ location: 9, kind: 'diamond', id: d.id }] },
        /no stone location 9/,
      ],
      [
        { groupId: setting.groupId, metal: '14KW', size: 7, stones: [{ location: 1, kind: 'melee', id: 1 }] },
        /center stone/,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await post('configure-product', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().message).toMatch(message);
    }
    const unknownMetal = await post('configure-product', {
      groupId: setting.groupId,
      metal: 'GOLD',
      size: 7,
      stones: [],
    });
    expect(unknownMetal.statusCode).toBe(422);
    expect(unknownMetal.json().message).toMatch(/not made in GOLD/);
    await t.database.db.execute(sql`update diamond set status = 'available' where id = ${d.id}`);
  });

  it('rejects a client-sent price and answers 404 for a piece that cannot be configured', async () => {
    expect(
      (await post('configure-product', { groupId: setting.groupId, metal: '14KW', size: 7, stones: [], totalCents: 1 }))
        .statusCode,
    ).toBe(400);
    const [plain] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from product_group where not configurable limit 1`),
    );
    expect((await post('configure-product', { groupId: plain!.id, metal: '14KW', stones: [] })).statusCode).toBe(404);
  });
});

describe('band builder', () => {
  const band = (body: Record<string, unknown>) =>
    post('configure-product', { groupId: 900001, metal: '14KY', size: 7, stones: [], ...body });

  it('prices width and profile, each visible in the breakdown', async () => {
    const narrow = (await band({ widthMm: 3 })).json().data;
    const wide = (await band({ widthMm: 7 })).json().data;
    expect(wide.totalCents).toBeGreaterThan(narrow.totalCents);
    const milgrain = (await band({ widthMm: 3, style: 'Milgrain' })).json().data;
    expect(milgrain.totalCents - narrow.totalCents).toBe(6_500);
    expect(milgrain.breakdown).toContainEqual({ kind: 'labour', label: 'Milgrain profile', cents: 6_500 });
    expect(milgrain.title).toMatch(/Milgrain, size 7, 3 mm/);
  });

  it('answers 422 for a profile or width that is not offered', async () => {
    expect((await band({ style: 'Twisted Rope' })).statusCode).toBe(422);
    expect((await band({ widthMm: 11 })).statusCode).toBe(422);
    expect((await band({ size: 7.25 })).statusCode).toBe(422);
  });
});

describe('a configured ring in the cart', () => {
  it('links to a product page that exists, on the chosen metal, carrying the configuration', async () => {
    const d = (await post('search-stones', { groupId: setting.groupId, location: 1, family: 'diamond' })).json().data
      .ConfiguredStones['1'][0];
    const a = setting.halo
      ? (await post('search-stones', { groupId: setting.groupId, location: 2, family: 'diamond' })).json().data
          .ConfiguredStones['2'][0]
      : null;
    const configuration = {
      groupId: setting.groupId,
      metal: '18KY',
      size: 6.5,
      stones: [{ location: 1, kind: 'diamond', id: d.id }, ...(a ? [{ location: 2, kind: 'melee', id: a.id }] : [])],
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': crypto.randomUUID() },
      payload: { kind: 'configured', configuration },
    });
    expect(res.statusCode).toBe(200);
    const href: string = res.json().data.lines[0].href;
    const url = new URL(href, 'http://store.example');
    const [, , series, categoryId, groupId, productId] = url.pathname.split('/');
    expect(Number(groupId)).toBe(setting.groupId);
    // The product id is a variant of this design (it was the design number before), on the chosen metal.
    const [variant] = rowsOf<{ group_id: number; metal: string }>(
      await t.database.db.execute(sql`select group_id, metal from product where id = ${Number(productId)}`),
    );
    expect(variant?.group_id).toBe(setting.groupId);
    expect(variant?.metal).toBe('18KY');
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/product/product?groupId=${groupId}&productId=${productId}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({
      series: decodeURIComponent(series!),
      selectedProductId: Number(productId),
      category: { id: Number(categoryId) },
    });
    expect(Object.fromEntries(url.searchParams)).toEqual({
      metal: '18KY',
      size: '6.5',
      s1: `d${d.id}`,
      ...(a ? { s2: `m${a.id}` } : {}),
    });
  });
});
