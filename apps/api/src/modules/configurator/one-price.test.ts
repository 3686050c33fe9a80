import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { ProductDetail } from '@facet/contracts/catalog';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession } from '../../test/staff.ts';

// One price everywhere: what a card says a piece costs "from", what its page and the product API
// say, what the configurator charges, and what the cart and the order record, all agree. The
// checks go through the public API only, as a shopper's browser would.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SEED_SCALE: '0.1', RATE_LIMIT_ORDER_MAX: '10000', RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => {
  await t.close();
});

type Config = NonNullable<ProductDetail['configuration']>;
type Location = Config['locations'][number];
interface Offer {
  kind: 'diamond' | 'gemstone' | 'melee';
  id: number;
  unitPriceCents: number;
  quantity: number;
}

const api = async (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method, url: `/api${url}`, payload, headers });
  return { status: res.statusCode, body: res.json() };
};
const configure = (body: object) => api('POST', '/stuller/configure-product', body);
const product = async (groupId: number, productId: number) =>
  (await api('GET', `/product/product?groupId=${groupId}&productId=${productId}`)).body.data as ProductDetail;
const cardPrice = async (series: string, groupId: number) => {
  const { body } = await api('POST', '/product/search-product', { data: series, pageSize: 48 });
  const card = body.data.products.find((p: { groupId: number }) => p.groupId === groupId);
  expect(card, `a search for ${series} finds its card`).toBeDefined();
  return card.priceCents as number;
};

/** Every stone the configurator would offer for a location, across its families. */
async function offers(groupId: number, loc: Location): Promise<Offer[]> {
  const fam = (await api('POST', '/stuller/stone-families', { groupId, locations: [loc.LocationNumber] })).body.data
    .StoneFamilies[loc.LocationNumber] as Array<{ slug: string }>;
  const lists = await Promise.all(
    fam.map(
      async (f) =>
        (
          await api('POST', '/stuller/search-stones', {
            groupId,
            location: loc.LocationNumber,
            family: f.slug,
            sort: 'price-asc',
            limit: 48,
          })
        ).body.data.ConfiguredStones[loc.LocationNumber] as Offer[],
    ),
  );
  return lists.flat();
}

const groups = async (configurable: boolean) =>
  rowsOf<{ id: number; series: string; productId: number }>(
    await t.database.db.execute(sql`
    select g.id, g.series, g.default_product_id as "productId" from product_group g where g.configurable = ${configurable} order by g.id`),
  );

/** Checkout of whatever is in the cart; answers the order's lines. */
async function buy(session: string) {
  const res = await api('POST', '/order', orderBody('ada@example.com'), {
    'x-session-id': session,
    'idempotency-key': randomUUID(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.lines as Array<{ unitPriceCents: number; lineTotalCents: number; quantity: number }>;
}

/** What must hold of every piece, with or without sales on. */
function everySurfaceAgrees() {
  it('a piece sold as it is: card "from" is its cheapest variant; page, cart and order charge the variant price (property)', async () => {
    const all = await groups(false);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...all), fc.nat(), async (g, pick) => {
        const p = await product(g.id, g.productId);
        const card = await cardPrice(g.series, g.id);
        expect(card).toBe(Math.min(...p.variants.map((v) => v.priceCents)));
        const v = p.variants[pick % p.variants.length]!;
        const page = (await product(g.id, v.id)).variants.find((x) => x.id === v.id)!.priceCents;
        expect(card).toBeLessThanOrEqual(page);
        const session = randomUUID();
        const added = await api('POST', '/cart/items', { kind: 'product', id: v.id }, { 'x-session-id': session });
        expect(added.body.data.lines[0].unitPriceCents).toBe(page);
        const [line] = await buy(session);
        expect(line!.unitPriceCents).toBe(page);
      }),
      { numRuns: 15 },
    );
  });

  it('a configured piece: card ≤ page = configurator = cart line = order line, for random valid configurations (property)', async () => {
    const all = await groups(true);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...all), fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), async (g, r) => {
        const p = await product(g.id, g.productId);
        const c = p.configuration!;
        const body: Record<string, unknown> = { groupId: g.id, metal: c.metals[r[0]! % c.metals.length] };
        if (c.sizes.length) body.size = c.sizes[r[1]! % c.sizes.length];
        if (c.widthsMm) body.widthMm = c.widthsMm[r[2]! % c.widthsMm.length];
        if (c.styles) body.style = c.styles[r[3]! % c.styles.length]!.name;
        const stones: Array<{ location: number; kind: string; id: number }> = [];
        for (const [i, loc] of c.locations.entries()) {
          // Required locations always, optional ones (a mounting's center) half the time.
          if (loc.optional && r[4 + i]! % 2) continue;
          const fit = await offers(g.id, loc);
          if (!fit.length) return; // nothing fits today: not purchasable, nothing to compare
          const s = fit[r[4 + i]! % fit.length]!;
          stones.push({ location: loc.LocationNumber, kind: s.kind, id: s.id });
        }
        const configured = await configure({ ...body, stones });
        expect(configured.status, JSON.stringify(configured.body)).toBe(200);
        const cfg = configured.body.data;
        expect(cfg.missing).toEqual([]);
        expect(cfg.fromCents).toBe(cfg.totalCents);
        const card = await cardPrice(g.series, g.id);
        expect(card).toBeLessThanOrEqual(cfg.totalCents);
        const session = randomUUID();
        const added = await api(
          'POST',
          '/cart/items',
          { kind: 'configured', configuration: cfg.configuration },
          { 'x-session-id': session },
        );
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        expect(added.body.data.lines[0].unitPriceCents).toBe(cfg.totalCents);
        const [line] = await buy(session);
        expect(line!.unitPriceCents).toBe(cfg.totalCents);
      }),
      { numRuns: 20 },
    );
  });

  it('every configurable piece: the page\'s "From" on arrival is its card\'s, names a whole configuration, and that configuration costs exactly that (property)', async () => {
    const all = await groups(true);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...all), async (g) => {
        const p = await product(g.id, g.productId);
        const c = p.configuration!;
        // What the page asks for when the shopper arrives from the card: nothing chosen yet.
        const arrival = await configure({
          groupId: g.id,
          metal: p.variants.find((v) => v.id === p.selectedProductId)!.metal,
          ...(c.sizes.length ? { size: 7 } : {}),
          ...(c.widthsMm ? { widthMm: 4 } : {}),
          stones: [],
        });
        expect(arrival.status, JSON.stringify(arrival.body)).toBe(200);
        const least = arrival.body.data.least;
        if (least === null) return; // nothing fits a place it needs a stone: not purchasable today
        expect(least.cents, `${g.series}: page "From" = card "from"`).toBe(await cardPrice(g.series, g.id));
        const reached = await configure(least.configuration);
        expect(reached.status, JSON.stringify(reached.body)).toBe(200);
        expect(reached.body.data.missing).toEqual([]);
        expect(reached.body.data.totalCents).toBe(least.cents);
        expect(reached.body.data.title).toBe(least.title);
        expect(least.title.endsWith(` in ${least.choices}`)).toBe(true);
        // The stones it names are the ones it sets, one per place the piece needs a stone.
        expect(least.stones).toHaveLength(c.locations.filter((l) => !l.optional).length);
        // Once stones are missing, "From" for the shape on show is that shape with the stones it names.
        if (arrival.body.data.missing.length) {
          const from = await configure(arrival.body.data.fromConfiguration);
          expect(from.body.data.totalCents).toBe(arrival.body.data.fromCents);
          expect(from.body.data.missing).toEqual([]);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('a configurable piece\'s card "from" is the least any purchasable configuration costs, and each variant in the product API is what the configurator charges for it', async () => {
    const all = await groups(true);
    // Every model kind: complete rings, semi-mounts, mountings and the band builder.
    const sample = [
      ...all.filter((_, i) => i % Math.ceil(all.length / 8) === 0),
      all.find((g) => g.series === 'BAND-BUILDER')!,
    ];
    let checked = 0;
    for (const g of sample) {
      const p = await product(g.id, g.productId);
      const c = p.configuration!;
      // The cheapest stone on offer for every location the piece is sold with.
      const stones: Array<{ location: number; kind: string; id: number }> = [];
      for (const loc of c.locations.filter((l) => !l.optional)) {
        const cheapest = (await offers(g.id, loc)).sort((a, b) => a.unitPriceCents - b.unitPriceCents)[0];
        if (cheapest) stones.push({ location: loc.LocationNumber, kind: cheapest.kind, id: cheapest.id });
      }
      // Earlier tests bought stones: a setting nothing fits today cannot be bought at any price.
      if (stones.length < c.locations.filter((l) => !l.optional).length) continue;
      checked++;
      const bodies = c.metals.flatMap((metal) =>
        (c.sizes.length ? c.sizes : [undefined]).flatMap((size) =>
          (c.widthsMm ?? [undefined]).flatMap((widthMm) =>
            (c.styles ?? [undefined]).map((style) => ({
              groupId: g.id,
              metal,
              size,
              widthMm,
              style: style?.name,
              stones,
            })),
          ),
        ),
      );
      let least = Infinity;
      for (let i = 0; i < bodies.length; i += 64) {
        const answers = await Promise.all(bodies.slice(i, i + 64).map((b) => configure(b)));
        for (const a of answers) {
          expect(a.status).toBe(200);
          least = Math.min(least, a.body.data.totalCents);
        }
      }
      expect(await cardPrice(g.series, g.id), `${g.series}: card "from"`).toBe(least);
      for (const v of p.variants.slice(0, 6)) {
        const asOffered = (
          await configure({
            groupId: g.id,
            metal: v.metal,
            ...(c.sizes.length ? { size: v.fingerSize ?? 7 } : {}),
            stones: [],
          })
        ).body.data;
        expect(v.priceCents, `${g.series} variant ${v.sku}`).toBe(asOffered.fromCents);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(6);
    // It walks every configurable design: about 13 s alone, more on a machine busy with other suites.
  }, 90_000);
}

describe('one price for every surface', () => {
  everySurfaceAgrees();

  it('refuses a piece sold with its stones without them (400, saying what to choose) and prices the page "from" with the cheapest stones that fit', async () => {
    const [complete] = rowsOf<{ groupId: number; metal: string }>(
      await t.database.db.execute(sql`
      select m.group_id as "groupId", m.metals[1] as metal from configuration_model m where m.locations->0->>'optional' = 'false' order by m.group_id limit 1`),
    );
    const bare = { groupId: complete!.groupId, metal: complete!.metal, size: 7, stones: [] };
    const preview = (await configure(bare)).body.data;
    expect(preview.missing[0].label).toMatch(/^Center stone/);
    expect(preview.fromCents).toBeGreaterThan(preview.totalCents);
    const added = await api(
      'POST',
      '/cart/items',
      { kind: 'configured', configuration: bare },
      { 'x-session-id': randomUUID() },
    );
    expect(added.status).toBe(400);
    expect(added.body.message).toMatch(/sold with its stones: choose the center stone/);
    // Nor through the back door: a made-to-order ring's catalogue row is not a product line.
    const [variant] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from product where group_id = ${complete!.groupId} limit 1`),
    );
    const bare2 = await api(
      'POST',
      '/cart/items',
      { kind: 'product', id: variant!.id },
      { 'x-session-id': randomUUID() },
    );
    expect(bare2.status).toBe(400);
    expect(bare2.body.message).toMatch(/made to order: choose its metal, size and stones/);

    const [mounting] = rowsOf<{ groupId: number; metal: string; sizes: number[] }>(
      await t.database.db.execute(sql`
      select m.group_id as "groupId", m.metals[1] as metal, m.sizes from configuration_model m
      where m.locations->0->>'optional' = 'true' and jsonb_array_length(m.locations) = 1 order by m.group_id limit 1`),
    );
    const setting = {
      groupId: mounting!.groupId,
      metal: mounting!.metal,
      ...(mounting!.sizes.length ? { size: 7 } : {}),
      stones: [],
    };
    const m = (await configure(setting)).body.data;
    expect(m.missing).toEqual([]);
    const ok = await api(
      'POST',
      '/cart/items',
      { kind: 'configured', configuration: setting },
      { 'x-session-id': randomUUID() },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.lines[0].unitPriceCents).toBe(m.totalCents);
  });

  it('a sale that takes the cheapest fitting stone raises the "from" price of the settings it fit', async () => {
    const [g] = rowsOf<{ id: number; series: string }>(
      await t.database.db.execute(sql`
      select g.id, g.series from product_group g join configuration_model m on m.group_id = g.id
      where m.locations->0->>'optional' = 'false' and jsonb_array_length(m.locations) = 1 order by g.id limit 1`),
    );
    const p = await product(g!.id, (await groups(true)).find((x) => x.id === g!.id)!.productId);
    const before = await cardPrice(g!.series, g!.id);
    const cheapest = (await offers(g!.id, p.configuration!.locations[0]!)).sort(
      (a, b) => a.unitPriceCents - b.unitPriceCents,
    )[0]!;
    const session = randomUUID();
    expect(
      (await api('POST', '/cart/items', { kind: cheapest.kind, id: cheapest.id }, { 'x-session-id': session })).status,
    ).toBe(200);
    await buy(session);
    const next = (await offers(g!.id, p.configuration!.locations[0]!)).sort(
      (a, b) => a.unitPriceCents - b.unitPriceCents,
    )[0]!;
    await expect
      .poll(() => cardPrice(g!.series, g!.id), { timeout: 5000 })
      .toBe(before + (next.unitPriceCents - cheapest.unitPriceCents) * p.configuration!.locations[0]!.count);
  });
});

describe('one price for every surface, with sales on', () => {
  // Platinum at 40 % off is cheaper than gold: the card's "from" moves to another metal. A second
  // sale over some rings' categories overlaps it (the larger percentage applies, never both).
  beforeAll(async () => {
    const { cookie } = await staffSession(t, 'manager');
    const [cat] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select g.category_id as id from product_group g where g.configurable order by g.id limit 1`,
      ),
    );
    const window = {
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    };
    for (const s of [
      { name: 'Platinum week', percent: 40, categoryIds: [], designs: [], metals: ['PLAT'] },
      { name: 'Ring event', percent: 15, categoryIds: [cat!.id], designs: [], metals: [] },
    ]) {
      const res = await adminCall(t, cookie, 'POST', '/sales', { ...s, ...window, active: true });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Every instance follows a sale within a second of its commit (two-instances suite).
    await new Promise((r) => setTimeout(r, 500));
  });
  everySurfaceAgrees();
});
