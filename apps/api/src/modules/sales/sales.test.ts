import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { salePrice } from '@facet/contracts/sale';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession } from '../../test/staff.ts';

// Automatic sales, as staff make them and shoppers meet them: the card, the page, the cart and the
// order all charge the sale price and show what it was; a sale's scope and times hold.

const CHAINS = 1301;
let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp({ SEED_SCALE: '0.1', RATE_LIMIT_ORDER_MAX: '1000', RATE_LIMIT_MAX: '100000' });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const iso = (ms: number) => new Date(Date.now() + ms).toISOString().replace(/\.\d+Z$/, 'Z');
const sale = (extra: object = {}) => ({
  name: 'Chain event',
  percent: 20,
  startsAt: iso(-60_000),
  endsAt: iso(3_600_000),
  categoryIds: [CHAINS],
  designs: [],
  metals: [],
  active: true,
  ...extra,
});
const api = async (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method, url: `/api${url}`, payload, headers });
  return { status: res.statusCode, body: res.json() };
};
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

describe('automatic sales', () => {
  let saleId: number;
  let version: number;

  it('a manager puts chains on sale: cards, the page, the cart and the order show the sale price and what it was', async () => {
    const [piece] = await q<{ groupId: number; productId: number; metal: string; price: number }>(sql`
      select g.id as "groupId", p.id as "productId", p.metal, p.price_cents as price from product_group g
      join product p on p.group_id = g.id where g.category_id = ${CHAINS} and g.published and p.active
        and not g.configurable order by g.id, p.id limit 1`);
    const before = (await api('GET', `/product/product?groupId=${piece!.groupId}&productId=${piece!.productId}`)).body
      .data;
    expect(before.variants[0].wasCents).toBeUndefined();

    const made = await adminCall(t, manager, 'POST', '/sales', sale());
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ state: 'on', percent: 20, categoryIds: [CHAINS] });
    saleId = made.json().data.id;
    version = made.json().data.version;

    await expect
      .poll(async () => {
        const page = (await api('GET', `/product/product?groupId=${piece!.groupId}&productId=${piece!.productId}`)).body
          .data;
        return page.variants.find((v: { id: number }) => v.id === piece!.productId);
      })
      .toMatchObject({
        priceCents: salePrice(piece!.price, 20),
        wasCents: piece!.price,
        sale: { name: 'Chain event', percent: 20 },
      });

    // Every card in the category is on sale, sorted by what it costs now.
    const listing = (await api('GET', `/category/${CHAINS}?sort=price-asc&pageSize=48`)).body.data;
    expect(listing.products.length).toBeGreaterThan(1);
    for (const card of listing.products) {
      expect(card.wasCents).toBeGreaterThan(card.priceCents);
      expect(card.priceCents).toBe(salePrice(card.wasCents, 20));
    }
    const prices = listing.products.map((c: { priceCents: number }) => c.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // A ring is not a chain: no sale on it.
    const [ring] = await q<{ groupId: number }>(sql`
      select g.id as "groupId" from product_group g where g.category_id <> ${CHAINS} and g.published order by g.id limit 1`);
    const other = (await api('GET', `/product/product?groupId=${ring!.groupId}`)).body.data;
    expect(other.variants.every((v: { wasCents?: number }) => v.wasCents === undefined)).toBe(true);

    const session = randomUUID();
    const added = await api(
      'POST',
      '/cart/items',
      { kind: 'product', id: piece!.productId },
      { 'x-session-id': session },
    );
    expect(added.body.data.lines[0]).toMatchObject({
      unitPriceCents: salePrice(piece!.price, 20),
      wasCents: piece!.price,
      sale: { name: 'Chain event' },
    });
    expect(added.body.data.totals.subtotalCents).toBe(salePrice(piece!.price, 20));
    const order = await api('POST', '/order', orderBody('sale@example.com'), {
      'x-session-id': session,
      'idempotency-key': randomUUID(),
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.data.lines[0]).toMatchObject({
      unitPriceCents: salePrice(piece!.price, 20),
      wasUnitCents: piece!.price,
      saleName: 'Chain event',
    });
    // Read back later, the order still says what it was.
    const kept = await q<{ was: number; name: string }>(sql`
      select l.was_unit_cents as was, l.sale_name as name from order_line l join customer_order o on o.id = l.order_id
      where o.number = ${order.body.data.number}`);
    expect(kept).toEqual([{ was: piece!.price, name: 'Chain event' }]);
  });

  it('a sale for one metal leaves the others at full price, and the card is the least any metal costs now', async () => {
    const [g] = await q<{ groupId: number; series: string }>(sql`
      select g.id as "groupId", g.series from product_group g join product p on p.group_id = g.id
      where g.published and not g.configurable and g.category_id <> ${CHAINS} and p.active
      group by g.id having count(distinct p.metal) > 1 order by g.id limit 1`);
    const full = (await api('GET', `/product/product?groupId=${g!.groupId}`)).body.data;
    const dearest = full.variants.reduce((a: { priceCents: number }, b: { priceCents: number }) =>
      b.priceCents > a.priceCents ? b : a,
    ).metal as string;
    const made = await adminCall(
      t,
      manager,
      'POST',
      '/sales',
      sale({ name: 'Metal week', percent: 50, categoryIds: [], designs: [g!.series.toLowerCase()], metals: [dearest] }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.designs).toEqual([g!.series]);
    await expect
      .poll(async () => (await api('GET', `/product/product?groupId=${g!.groupId}`)).body.data.variants)
      .toSatisfy((vs: Array<{ metal: string; priceCents: number; wasCents?: number }>) =>
        vs.every((v) =>
          v.metal === dearest
            ? v.wasCents !== undefined && v.priceCents === salePrice(v.wasCents, 50)
            : v.wasCents === undefined,
        ),
      );
    const page = (await api('GET', `/product/product?groupId=${g!.groupId}`)).body.data;
    const series = page.series as string;
    const card = (await api('POST', '/product/search-product', { data: series, pageSize: 48 })).body.data.products.find(
      (c: { groupId: number }) => c.groupId === g!.groupId,
    );
    const least = Math.min(...page.variants.map((v: { priceCents: number }) => v.priceCents));
    expect(card.priceCents).toBe(least);
    const cheapest = page.variants.find((v: { priceCents: number }) => v.priceCents === least);
    expect(card.wasCents).toBe(cheapest.wasCents);
  });

  it('the configurator takes the sale off the whole piece and ends its breakdown with it', async () => {
    const [m] = await q<{ groupId: number; categoryId: number; metal: string; sizes: number[] }>(sql`
      select m.group_id as "groupId", g.category_id as "categoryId", m.metals[1] as metal, m.sizes
      from configuration_model m join product_group g on g.id = m.group_id
      where jsonb_array_length(m.locations) = 1 and m.locations->0->>'optional' = 'true' and g.published
      order by m.group_id limit 1`);
    const body = { groupId: m!.groupId, metal: m!.metal, ...(m!.sizes.length ? { size: 7 } : {}), stones: [] };
    const full = (await api('POST', '/stuller/configure-product', body)).body.data;
    expect(full.wasCents).toBeUndefined();
    const made = await adminCall(
      t,
      manager,
      'POST',
      '/sales',
      sale({ name: 'Setting sale', percent: 15, categoryIds: [m!.categoryId] }),
    );
    expect(made.statusCode, made.body).toBe(201);
    await expect
      .poll(async () => (await api('POST', '/stuller/configure-product', body)).body.data)
      .toMatchObject({ totalCents: salePrice(full.totalCents, 15), wasCents: full.totalCents });
    const on = (await api('POST', '/stuller/configure-product', body)).body.data;
    expect(on.breakdown.at(-1)).toMatchObject({ kind: 'sale', label: 'Setting sale: 15% off' });
    expect(on.breakdown.reduce((s: number, l: { cents: number }) => s + l.cents, 0)).toBe(on.totalCents);
    const session = randomUUID();
    const added = await api(
      'POST',
      '/cart/items',
      { kind: 'configured', configuration: body },
      { 'x-session-id': session },
    );
    expect(added.body.data.lines[0]).toMatchObject({ unitPriceCents: on.totalCents, wasCents: full.totalCents });
    // The stored "from" prices stay the full prices: the sale is applied as they are read.
    const [stored] = await q<{ price: number }>(
      sql`select min_price_cents as price from product_group where id = ${m!.groupId}`,
    );
    const card = (await api('GET', `/category/${m!.categoryId}?pageSize=96`)).body.data.products.find(
      (c: { groupId: number }) => c.groupId === m!.groupId,
    );
    if (card) expect(card).toMatchObject({ wasCents: stored!.price, priceCents: salePrice(stored!.price, 15) });
  });

  it('a sale not yet started, stopped or over takes nothing off; stopping it is an edit with the version read', async () => {
    const stop = await adminCall(t, manager, 'PUT', `/sales/${saleId}`, { version, sale: sale({ active: false }) });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().data.state).toBe('stopped');
    const stale = await adminCall(t, manager, 'PUT', `/sales/${saleId}`, { version, sale: sale() });
    expect(stale.statusCode).toBe(409);
    const listing = async () => (await api('GET', `/category/${CHAINS}?pageSize=48`)).body.data.products;
    await expect.poll(async () => (await listing()).some((c: { wasCents?: number }) => c.wasCents)).toBe(false);
    const later = await adminCall(
      t,
      manager,
      'POST',
      '/sales',
      sale({ startsAt: iso(86_400_000), endsAt: iso(2 * 86_400_000) }),
    );
    expect(later.json().data.state).toBe('scheduled');
    const over = await adminCall(
      t,
      manager,
      'POST',
      '/sales',
      sale({ startsAt: iso(-7_200_000), endsAt: iso(-3_600_000) }),
    );
    expect(over.json().data.state).toBe('over');
    await new Promise((r) => setTimeout(r, 200));
    expect((await listing()).some((c: { wasCents?: number }) => c.wasCents)).toBe(false);
  });

  it('starts and ends on time with nobody writing anything: the kept answer is dropped at each moment', async () => {
    const [piece] = await q<{ groupId: number }>(sql`
      select g.id as "groupId" from product_group g where g.category_id = ${CHAINS} and g.published order by g.id desc limit 1`);
    const url = `/product/product?groupId=${piece!.groupId}`;
    const onSale = async () => ((await api('GET', url)).body.data.variants[0].wasCents ?? null) !== null;
    const startsAt = Date.now() + 1_500;
    const made = await adminCall(
      t,
      manager,
      'POST',
      '/sales',
      sale({
        name: 'Flash',
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(startsAt + 1_500).toISOString(),
      }),
    );
    expect(made.statusCode, made.body).toBe(201);
    // The moments as given, to the millisecond: kept to the second, a sale started up to a second early.
    expect(made.json().data).toMatchObject({
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 1_500).toISOString(),
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await onSale()).toBe(false); // kept in the answer cache from here on
    await new Promise((r) => setTimeout(r, startsAt - Date.now()));
    await expect.poll(onSale, { timeout: 1_000, interval: 50 }).toBe(true);
    await new Promise((r) => setTimeout(r, startsAt + 1_500 - Date.now()));
    await expect.poll(onSale, { timeout: 1_000, interval: 50 }).toBe(false);
  });

  it('refuses a scope naming what the store does not have, an end before the start and a percentage past 90', async () => {
    for (const [body, field] of [
      [sale({ categoryIds: [999_999] }), 'categoryIds'],
      [sale({ designs: ['NO-SUCH-STYLE'] }), 'designs'],
      [sale({ metals: ['UNOBTAINIUM'] }), 'metals'],
      [sale({ endsAt: iso(-120_000) }), 'endsAt'],
      [sale({ percent: 95 }), 'percent'],
    ] as const) {
      const res = await adminCall(t, manager, 'POST', '/sales', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().errors)).toContain(field);
    }
    const clerk = (await staffSession(t, 'support')).cookie;
    expect((await adminCall(t, clerk, 'POST', '/sales', sale())).statusCode).toBe(403);
  });
});

describe("a maker's list price", () => {
  it('shows beside the price where it is above it, gives way to a sale, and is cleared by staff; audited', async () => {
    const [piece] = await q<{ groupId: number; productId: number; series: string; price: number; version: number }>(sql`
      select g.id as "groupId", p.id as "productId", g.series, p.price_cents as price, g.version from product_group g
      join product p on p.group_id = g.id where g.category_id = 1401 and g.published and p.active
        and not g.configurable order by g.id desc, p.id limit 1`);
    const variant = async () =>
      (
        await api('GET', `/product/product?groupId=${piece!.groupId}&productId=${piece!.productId}`)
      ).body.data.variants.find((v: { id: number }) => v.id === piece!.productId);
    const setList = async (listPriceCents: number | null) => {
      const version = (await adminCall(t, manager, 'GET', `/products/${piece!.groupId}`)).json().data.version;
      const res = await adminCall(t, manager, 'PATCH', `/products/${piece!.groupId}`, {
        version,
        variants: [{ id: piece!.productId, listPriceCents }],
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.variants.find((v: { id: number }) => v.id === piece!.productId);
    };

    const list = piece!.price + 50_000;
    expect((await setList(list)).listPriceCents).toBe(list);
    await expect.poll(async () => (await variant()).listPriceCents).toBe(list);

    // A sale on the design: its "was" is the store's own price, and the list price is not shown beside it.
    const made = await adminCall(t, manager, 'POST', '/sales', sale({ categoryIds: [], designs: [piece!.series] }));
    expect(made.statusCode, made.body).toBe(201);
    await expect.poll(async () => (await variant()).wasCents).toBe(piece!.price);
    expect((await variant()).listPriceCents).toBeUndefined();
    const off = await adminCall(t, manager, 'PUT', `/sales/${made.json().data.id}`, {
      version: made.json().data.version,
      sale: sale({ categoryIds: [], designs: [piece!.series], active: false }),
    });
    expect(off.statusCode, off.body).toBe(200);
    await expect.poll(async () => (await variant()).listPriceCents).toBe(list);

    // A list price at or below the store's price says nothing true: it is kept but not shown.
    await setList(piece!.price);
    await expect.poll(async () => (await variant()).listPriceCents ?? null).toBeNull();
    expect((await setList(null)).listPriceCents).toBeNull();

    const [audited] = await q<{ after: { variants: Array<{ listPriceCents: number | null }> } }>(sql`
      select after from audit_log where entity = 'product_group' and entity_id = ${String(piece!.groupId)}
        and action = 'product.edit' order by id desc limit 1`);
    expect(audited!.after.variants[0]!.listPriceCents).toBeNull();
  });
});
