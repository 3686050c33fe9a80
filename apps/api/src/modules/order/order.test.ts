import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_CARDS } from '@facet/contracts/commerce';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { lastMail, signUp } from '../../test/accounts.ts';
import { rowsOf } from '../../db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_ORDER_MAX: '1000' });
});
afterAll(async () => {
  await t.close();
});

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const availableDiamonds = async (n: number) =>
  (await q<{ id: number }>(sql`select id from diamond where status = 'available' order by id limit ${n}`)).map(
    (r) => r.id,
  );
const statusOf = async (id: number) =>
  (await q<{ status: string }>(sql`select status from diamond where id = ${id}`))[0]!.status;
const orderCount = async () => (await q<{ n: number }>(sql`select count(*)::int as n from customer_order`))[0]!.n;

const headers = (session: string, token?: string, key?: string) => ({
  'x-session-id': session,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...(key ? { 'idempotency-key': key } : {}),
});
const add = (session: string, body: object, token?: string) =>
  t.app.inject({ method: 'POST', url: '/api/cart/items', headers: headers(session, token), payload: body });
const cart = (session: string, token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/cart', headers: headers(session, token) });
const address = {
  name: 'Ada King',
  company: '',
  line1: '12 Bleecker St',
  line2: '',
  city: 'New York',
  state: 'NY',
  zip: '10012',
  country: 'US',
  phone: '(212) 555-0188',
};
const checkout = (extra: object = {}) => ({
  email: 'ada@example.com',
  shippingAddress: address,
  shippingMethod: 'standard',
  card: { name: 'Ada King', number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
  ...extra,
});
const order = (session: string, key: string, body: object = checkout(), token?: string) =>
  t.app.inject({ method: 'POST', url: '/api/order', headers: headers(session, token, key), payload: body });

describe('cart', () => {
  it('prices lines on the server and refuses client prices', async () => {
    const s = randomUUID();
    const [d] = await availableDiamonds(1);
    expect((await add(s, { kind: 'diamond', id: d, priceCents: 1 })).statusCode).toBe(400);
    const res = await add(s, { kind: 'diamond', id: d });
    expect(res.statusCode).toBe(200);
    const c = res.json().data;
    const [row] = await q<{ price_cents: number }>(sql`select price_cents from diamond where id = ${d}`);
    expect(c.lines[0]).toMatchObject({
      kind: 'diamond',
      quantity: 1,
      maxQuantity: 1,
      unitPriceCents: row!.price_cents,
      available: true,
    });
    expect(c.count).toBe(1);
    // A one-of-a-kind stone is there once, with quantity 1.
    expect((await add(s, { kind: 'diamond', id: d })).statusCode).toBe(409);
    const line = c.lines[0].id;
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/cart/items/${line}`,
          headers: headers(s),
          payload: { quantity: 2 },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('limits other lines to 1–10 with a clear message and flags a sold stone unavailable', async () => {
    const s = randomUUID();
    const [p] = await q<{ id: number }>(
      sql`select id from product where group_id in (select id from product_group where not configurable) order by id limit 1`,
    );
    const res = await add(s, { kind: 'product', id: p!.id, quantity: 11 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/up to 10/);
    expect((await add(s, { kind: 'product', id: p!.id, quantity: 4 })).statusCode).toBe(200);
    expect((await add(s, { kind: 'product', id: p!.id, quantity: 4 })).json().data.lines[0].quantity).toBe(8);
    const [d] = await availableDiamonds(1);
    await add(s, { kind: 'diamond', id: d });
    await t.database.db.execute(sql`update diamond set status = 'sold' where id = ${d}`);
    const c = (await cart(s)).json().data;
    const dl = c.lines.find((l: { kind: string }) => l.kind === 'diamond');
    expect(dl).toMatchObject({ available: false });
    expect(dl.message).toMatch(/sold/);
    expect(c.checkoutReady).toBe(false);
    expect((await order(s, randomUUID())).statusCode).toBe(409);
  });

  it('merges the visitor cart into the user cart at sign-in, and only then', async () => {
    const token = await signUp(t, 'merge@example.com');
    const s = randomUUID();
    const [d1, d2, d3] = await availableDiamonds(3);
    await add(s, { kind: 'diamond', id: d1 });
    await add(s, { kind: 'diamond', id: d2 });
    await add(randomUUID(), { kind: 'diamond', id: d1 }); // someone else's cart: untouched
    await add(s, { kind: 'diamond', id: d1 }, token); // already in the user's cart before merging
    // A signed-in request that sends a visitor id does not take that visitor's cart.
    expect((await cart(s, token)).json().data.count).toBe(1);
    expect((await cart(s)).json().data.count).toBe(2);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/authenticate',
      headers: { 'x-session-id': s },
      payload: { username: 'merge@example.com', password: 'Brilliant$Cut2026' },
    });
    expect(login.statusCode).toBe(200);
    const merged = (await cart(randomUUID(), login.json().data.token)).json().data;
    expect(merged.lines.map((l: { kind: string }) => l.kind)).toEqual(['diamond', 'diamond']);
    expect(merged.count).toBe(2);
    expect((await cart(s)).json().data.count).toBe(0);
    // Another visitor's cart, sent by a signed-in shopper, stays that visitor's.
    const other = randomUUID();
    await add(other, { kind: 'diamond', id: d3 });
    expect((await cart(other, token)).json().data.count).toBe(2);
    expect((await add(other, { kind: 'diamond', id: d3 }, token)).json().data.count).toBe(3);
    expect((await cart(other)).json().data.count).toBe(1);
  });
});

describe('POST /order', () => {
  it('sells one diamond once when 20 carts check out at the same time', async () => {
    const [d] = await availableDiamonds(1);
    const sessions = Array.from({ length: 20 }, () => randomUUID());
    for (const s of sessions) expect((await add(s, { kind: 'diamond', id: d })).statusCode).toBe(200);
    const before = await orderCount();
    const answers = await Promise.all(sessions.map((s) => order(s, randomUUID())));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toMatch(/just bought by another customer|sold/);
    expect(await orderCount()).toBe(before + 1);
    expect(await statusOf(d!)).toBe('sold');
    expect(
      (
        await q<{ n: number }>(
          sql`select count(*)::int as n from order_stone where kind = 'diamond' and stone_id = ${d}`,
        )
      )[0]!.n,
    ).toBe(1);
    // What the refused shoppers are told matches their cart: the line is still there, marked sold.
    for (const [i, a] of answers.entries()) {
      if (a.statusCode !== 409) continue;
      const message = a.json().message as string;
      const lines = (await cart(sessions[i]!)).json().data.lines as Array<{ available: boolean }>;
      expect(lines).toHaveLength(1);
      expect(lines[0]!.available).toBe(false);
      expect(message).not.toMatch(/taken it out|removed/i);
      expect(message).toMatch(/still in your cart|review your cart/i);
    }
  });

  it('the database itself refuses one stone in two live orders', async () => {
    const [row] = await q<{ order_id: number; stone_id: number }>(
      sql`select order_id, stone_id from order_stone limit 1`,
    );
    await expect(
      t.database.db.execute(
        sql`insert into order_stone (order_id, kind, stone_id) values (${row!.order_id}, 'diamond', ${row!.stone_id})`,
      ),
    ).rejects.toThrow();
  });

  it('replays a repeated Idempotency-Key and refuses the key for a different body', async () => {
    const s = randomUUID();
    const [d] = await availableDiamonds(1);
    await add(s, { kind: 'diamond', id: d });
    const key = randomUUID();
    const before = await orderCount();
    const first = await order(s, key);
    expect(first.statusCode).toBe(200);
    const again = await order(s, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.number).toBe(first.json().data.number);
    expect(await orderCount()).toBe(before + 1);
    expect((await order(s, key, checkout({ shippingMethod: 'express' }))).statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/order', headers: headers(s), payload: checkout() })).statusCode,
    ).toBe(400);
  });

  it('two identical requests at the same moment (a double click) get the same order, not a 409', async () => {
    const s = randomUUID();
    const [d] = await availableDiamonds(1);
    await add(s, { kind: 'diamond', id: d });
    const key = randomUUID();
    const before = await orderCount();
    const both = await Promise.all([order(s, key), order(s, key), order(s, key)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(both.map((r) => r.json().data.number)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
  });

  it('computes totals itself: client totals are rejected, a stale expected total is refused', async () => {
    const s = randomUUID();
    const [d] = await availableDiamonds(1);
    const c = (await add(s, { kind: 'diamond', id: d })).json().data;
    expect((await order(s, randomUUID(), checkout({ totalCents: 100 }))).statusCode).toBe(400);
    expect((await order(s, randomUUID(), checkout({ expectedTotalCents: 100 }))).statusCode).toBe(409);
    const ok = await order(s, randomUUID());
    const o = ok.json().data;
    const tax = Math.round((c.totals.subtotalCents * 8_875) / 100_000); // New York City's 8.875 %, to the thousandth
    expect(o.totals).toMatchObject({
      subtotalCents: c.totals.subtotalCents,
      taxCents: tax,
      shippingCents: 0,
      totalCents: c.totals.subtotalCents + tax,
    });
    expect(o.payment).toEqual({ brand: 'Visa', last4: '4242', state: 'paid' });
  });

  it('leaves no order and the stone available when the card is declined', async () => {
    const s = randomUUID();
    const [d] = await availableDiamonds(1);
    await add(s, { kind: 'diamond', id: d });
    const before = await orderCount();
    const res = await order(
      s,
      randomUUID(),
      checkout({ card: { name: 'Ada King', number: TEST_CARDS.decline, expMonth: 12, expYear: 2099, cvc: '123' } }),
    );
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/declined/);
    expect(await orderCount()).toBe(before);
    expect(await statusOf(d!)).toBe('available');
    expect((await cart(s)).json().data.count).toBe(1);
    const stored = await q<{ n: number }>(sql`select count(*)::int as n from customer_order where card_last4 = '0002'`);
    expect(stored[0]!.n).toBe(0);
  });

  it('mails the customer and the store, empties the cart, and shows the order only to its owner or token', async () => {
    const alice = await signUp(t, 'alice.order@example.com');
    const bob = await signUp(t, 'bob.order@example.com');
    const s = randomUUID();
    const [d] = await availableDiamonds(1);
    await add(s, { kind: 'diamond', id: d }, alice);
    const placed = (
      await order(s, randomUUID(), checkout({ email: 'alice.order@example.com', saveAddress: true }), alice)
    ).json().data;
    expect(placed.number).toMatch(/^FCT-/);
    const [line] = await q<{ ref_id: number }>(
      sql`select l.ref_id from order_line l join customer_order o on o.id = l.order_id where o.number = ${placed.number}`,
    );
    expect(line!.ref_id).toBe(d);
    expect((await cart(s, alice)).json().data.count).toBe(0);
    expect((await lastMail(t, 'alice.order@example.com', 'order-confirmation')).text).toContain(placed.number);
    expect((await lastMail(t, t.config.STORE_EMAIL, 'order-notification')).text).toContain('12 Bleecker St');

    const get = (token?: string, query = '') =>
      t.app.inject({
        method: 'GET',
        url: `/api/order/${placed.number}${query}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await get(alice)).statusCode).toBe(200);
    expect((await get(bob)).statusCode).toBe(404);
    expect((await get()).statusCode).toBe(404);
    expect((await get(undefined, `?token=${placed.accessToken}`)).statusCode).toBe(200);
    expect((await get(bob, '?token=wrong')).statusCode).toBe(404);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/order', headers: { authorization: `Bearer ${alice}` } })
    ).json().data;
    expect(list.map((o: { number: string }) => o.number)).toContain(placed.number);
    const saved = (
      await t.app.inject({ method: 'GET', url: '/api/address', headers: { authorization: `Bearer ${alice}` } })
    ).json().data;
    expect(saved[0]).toMatchObject({ line1: '12 Bleecker St' });
  });

  it("names a diamond's grading report by lab and report number in the cart, the order and the e-mail; the stock number is labelled as such", async () => {
    const [d] = await q<{ id: number; lab: string; certificate: string; serial: string }>(
      sql`select id, lab, certificate, serial from diamond where status = 'available' order by id desc limit 1`,
    );
    const s = randomUUID();
    const line = (await add(s, { kind: 'diamond', id: d!.id })).json().data.lines[0];
    const report = `${d!.lab} report ${d!.certificate}`;
    expect(line.details).toContain(report);
    expect(line.details).toContain(`Stock no. ${d!.serial}`);
    expect(line.details.join(' ')).not.toMatch(new RegExp(`(Certificate|report) ${d!.serial}`));
    const placed = (await order(s, randomUUID(), checkout({ email: 'report@example.com' }))).json().data;
    const confirmation = (
      await t.app.inject({ method: 'GET', url: `/api/order/${placed.number}?token=${placed.accessToken}` })
    ).json().data;
    expect(confirmation.lines[0].details).toContain(report);
    expect((await lastMail(t, 'report@example.com', 'order-confirmation')).text).toContain(report);
  });

  it('order history counts and pictures each order from its own lines', async () => {
    const carol = await signUp(t, 'carol.history@example.com');
    const [p1, p2] = (
      await q<{ id: number }>(
        sql`select id from product where group_id in (select id from product_group where not configurable) order by id limit 2`,
      )
    ).map((r) => r.id);
    const [d] = await availableDiamonds(1);
    // Three orders of different sizes; other shoppers' orders exist too (earlier tests).
    const place = async (items: object[]) => {
      const s = randomUUID();
      for (const item of items) expect((await add(s, item, carol)).statusCode).toBe(200);
      const res = await order(s, randomUUID(), checkout({ email: 'carol.history@example.com' }), carol);
      expect(res.statusCode).toBe(200);
      return res.json().data.number as string;
    };
    const one = await place([{ kind: 'diamond', id: d }]);
    const three = await place([
      { kind: 'product', id: p1, quantity: 2 },
      { kind: 'product', id: p2, quantity: 1 },
    ]);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/order', headers: { authorization: `Bearer ${carol}` } })
    ).json().data as Array<{ number: string; itemCount: number; image: string }>;
    const expected = async (number: string) => {
      const lines = await q<{ quantity: number; image: string }>(sql`
        select l.quantity, l.image from order_line l join customer_order o on o.id = l.order_id where o.number = ${number} order by l.position`);
      return { count: lines.reduce((n, l) => n + l.quantity, 0), image: lines[0]!.image };
    };
    for (const number of [one, three]) {
      const row = list.find((o) => o.number === number)!;
      const own = await expected(number);
      expect(row.itemCount, number).toBe(own.count);
      expect(row.image, number).toBe(own.image);
    }
    expect(list.find((o) => o.number === one)!.itemCount).toBe(1);
    expect(list.find((o) => o.number === three)!.itemCount).toBe(3);
  });
});
