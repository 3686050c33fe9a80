import { DISCOUNT_TRIES_PER_HOUR } from '@facet/contracts/promotions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { proratedRefund } from '@facet/contracts/refunds';
import { adminCall, staffSession } from '../../test/staff.ts';
import { discountFor } from './apply.ts';

// A shopper's discount code, from the cart to the order: what it takes off, why it does not apply,
// and a single-use code that twenty racing checkouts redeem exactly once.

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp();
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const makeCode = async (extra: object) => {
  const res = await adminCall(t, manager, 'POST', '/discounts', {
    name: 'Holiday 20% off',
    kind: 'percent',
    percentBp: 2_000,
    amountCents: null,
    minSubtotalCents: 0,
    appliesTo: ['product', 'configured'],
    categoryIds: null,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    perCustomer: null,
    firstOrderOnly: false,
    emails: null,
    combines: false,
    active: true,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
/** A code's standing uses, as staff see them. */
const usesOf = async (code: string) =>
  (await adminCall(t, manager, 'GET', '/discounts')).json().data.find((d: { code: string }) => d.code === code)
    .uses as number;
const call = (session: string, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: { 'x-session-id': session },
    ...(payload ? { payload } : {}),
  });
const pieceAndDiamond = async () => {
  const [piece] = await q<{ id: number; price: number }>(sql`select p.id, p.price_cents as price from product p
    join product_group g on g.id = p.group_id where g.published and not g.configurable and not g.stock_tracked and p.active
    order by p.id limit 1`);
  const [diamond] = await q<{ id: number; price: number }>(
    sql`select id, price_cents as price from diamond where status = 'available' order by id desc limit 1 offset 7`,
  );
  return { piece: piece!, diamond: diamond! };
};

describe('a discount code in the cart and at checkout', () => {
  it('takes 20 % off the jewelry, not the loose diamond; tax is on what is paid; the order keeps it', async () => {
    await makeCode({ code: 'CART20' });
    const s = randomUUID();
    const { piece, diamond } = await pieceAndDiamond();
    await call(s, 'POST', '/cart/items', { kind: 'product', id: piece.id, quantity: 1 });
    await call(s, 'POST', '/cart/items', { kind: 'diamond', id: diamond.id });
    const applied = await call(s, 'PUT', '/cart/discount', { code: 'cart20' });
    expect(applied.statusCode, applied.body).toBe(200);
    const cart = applied.json().data;
    expect(cart.discountCodes).toEqual([{ code: 'CART20', note: null }]);
    expect(cart.totals.discountCents).toBe(Math.round(piece.price * 0.2));
    expect(cart.totals.discountLabel).toBe('CART20 · Holiday 20% off');

    const ny = (await call(s, 'GET', '/cart?state=NY')).json().data.totals;
    const goods = piece.price + diamond.price - ny.discountCents;
    expect(ny.taxCents).toBe(Math.round((goods * 8_875) / 100_000));
    expect(ny.totalCents).toBe(goods + ny.shippingCents + ny.taxCents);

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': s, 'idempotency-key': randomUUID() },
      payload: orderBody('cart20@example.com', { expectedTotalCents: ny.totalCents }),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data;
    expect(order.totals).toMatchObject({
      discountCents: ny.discountCents,
      discountLabel: 'CART20 · Holiday 20% off',
      totalCents: ny.totalCents,
    });
    expect(await usesOf('CART20')).toBe(1);
    // The code was for that order: the next cart starts without it.
    await call(s, 'POST', '/cart/items', { kind: 'product', id: piece.id, quantity: 1 });
    const next = (await call(s, 'GET', '/cart')).json().data;
    expect(next.discountCodes).toEqual([]);
    expect(next.totals.discountCents).toBe(0);
    // A code without a limit is never locked by an order (its counter is not kept): checkouts using
    // a popular code do not queue behind each other.
    expect((await q<{ uses: number }>(sql`select uses from discount_code where code = 'CART20'`))[0]!.uses).toBe(0);
    // Each line keeps its share of the code, so a refund of the piece alone gives back what was paid for it.
    expect(order.lines.map((l: { discountCents?: number }) => l.discountCents ?? 0)).toEqual([ny.discountCents, 0]);
    const piecePaid = piece.price - ny.discountCents;
    const back = proratedRefund(order, [{ line: 0, quantity: 1 }]);
    expect(back.goodsCents).toBe(piecePaid);
    expect(back.taxCents).toBe(Math.round((piecePaid * ny.taxCents) / goods));
    const staff = (await adminCall(t, manager, 'GET', `/orders/${order.number}`)).json().data;
    expect(proratedRefund(staff, [{ line: 0, quantity: 1 }])).toEqual(back);
    const refunded = await adminCall(t, manager, 'POST', `/orders/${order.number}/refunds`, {
      version: staff.version,
      amountCents: back.totalCents,
      reason: 'Chain returned',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.refundedCents).toBe(back.totalCents);
  });

  it('a code that does not apply is refused with the reason and not kept', async () => {
    await makeCode({ code: 'LATER', startsAt: '2099-01-02T05:00:00Z' });
    await makeCode({ code: 'RINGSONLY', appliesTo: ['configured'] });
    const s = randomUUID();
    const { diamond } = await pieceAndDiamond();
    await call(s, 'POST', '/cart/items', { kind: 'diamond', id: diamond.id });
    for (const [code, reason] of [
      ['LATER', /^This code starts on /],
      ['RINGSONLY', /^This code is for rings made to order, not for what is in your cart\.$/],
      ['NOSUCH', /^We cannot apply this code\. Check its spelling/],
    ] as const) {
      const res = await call(s, 'PUT', '/cart/discount', { code });
      expect(res.statusCode, code).toBe(422);
      expect(res.json().message).toMatch(reason);
    }
    expect((await call(s, 'GET', '/cart')).json().data.discountCodes).toEqual([]);
  });

  it('codes cannot be guessed: another customer’s code answers as no code, and wrong tries are limited per client and per cart', async () => {
    await makeCode({ code: 'GRACEONLY', emails: ['grace@example.com'] });
    const tryCode = (session: string, code: string, from: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/cart/discount',
        headers: { 'x-session-id': session },
        payload: { code },
        remoteAddress: from,
      });
    const { piece } = await pieceAndDiamond();
    const cartOf = async () => {
      const s = randomUUID();
      await call(s, 'POST', '/cart/items', { kind: 'product', id: piece.id });
      return s;
    };
    // Unknown and not-yours: the same status and the same words.
    const s1 = await cartOf();
    const unknown = await tryCode(s1, 'NOSUCHCODE', '198.51.100.1');
    const notYours = await tryCode(s1, 'GRACEONLY', '198.51.100.1');
    expect([unknown.statusCode, notYours.statusCode]).toEqual([422, 422]);
    const words = (r: typeof unknown) => ({ ...r.json(), requestId: undefined });
    expect(words(notYours)).toEqual(words(unknown));
    // Per client: the tenth wrong code is the last; a new cart from the same address does not reset it.
    for (let i = 2; i < DISCOUNT_TRIES_PER_HOUR; i++)
      expect((await tryCode(s1, `GUESS${i}`, '198.51.100.1')).statusCode).toBe(422);
    const limited = await tryCode(await cartOf(), 'GUESS-NEXT', '198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many codes tried\. Please wait \d+ minutes? before trying another\.$/);
    // Per cart: the same cart from other addresses is limited too.
    const s2 = await cartOf();
    for (let i = 0; i < DISCOUNT_TRIES_PER_HOUR; i++)
      expect((await tryCode(s2, `GUESS${i}`, `203.0.113.${i + 1}`)).statusCode).toBe(422);
    expect((await tryCode(s2, 'GUESS-NEXT', '203.0.113.200')).statusCode).toBe(429);
    // A shopper elsewhere is not held up.
    expect((await tryCode(await cartOf(), 'NOSUCHCODE', '192.0.2.7')).statusCode).toBe(422);
  });

  it('a kept code that stops applying says why on the cart, and checkout refuses to use it', async () => {
    const c = await makeCode({ code: 'FADING', minSubtotalCents: 100 });
    const s = randomUUID();
    const { piece } = await pieceAndDiamond();
    await call(s, 'POST', '/cart/items', { kind: 'product', id: piece.id, quantity: 1 });
    expect((await call(s, 'PUT', '/cart/discount', { code: 'FADING' })).statusCode).toBe(200);
    await adminCall(t, manager, 'PUT', `/discounts/${c.id}`, {
      version: c.version,
      discount: {
        ...c,
        active: false,
        uses: undefined,
        id: undefined,
        version: undefined,
        createdBy: undefined,
        batch: undefined,
      },
    });
    const cart = (await call(s, 'GET', '/cart')).json().data;
    expect(cart.discountCodes).toEqual([{ code: 'FADING', note: 'This code is no longer active.' }]);
    expect(cart.totals.discountCents).toBe(0);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': s, 'idempotency-key': randomUUID() },
      payload: orderBody('fading@example.com'),
    });
    expect(placed.statusCode).toBe(409);
    expect(placed.json().message).toMatch(/Your code FADING no longer applies: This code is no longer active\./);
    expect((await call(s, 'DELETE', '/cart/discount')).json().data.discountCodes).toEqual([]);
  });

  it('a single-use code in 20 simultaneous orders is redeemed once; a cancellation gives the use back', async () => {
    await makeCode({ code: 'ONCE-ONLY', maxUses: 1 });
    const { piece } = await pieceAndDiamond();
    const sessions = Array.from({ length: 20 }, () => randomUUID());
    for (const s of sessions) {
      await call(s, 'POST', '/cart/items', { kind: 'product', id: piece.id, quantity: 1 });
      expect((await call(s, 'PUT', '/cart/discount', { code: 'once-only' })).statusCode).toBe(200);
    }
    const answers = await Promise.all(
      sessions.map((s) =>
        t.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: { 'x-session-id': s, 'idempotency-key': randomUUID() },
          payload: orderBody(`once-${s.slice(0, 8)}@example.com`),
        }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.json().message).toMatch(/ONCE-ONLY/);
    const uses = (await q<{ uses: number }>(sql`select uses from discount_code where code = 'ONCE-ONLY'`))[0]!.uses;
    expect(uses).toBe(1);

    const number = ok[0]!.json().data.number as string;
    const owner = (await staffSession(t, 'owner')).cookie;
    const o = (await adminCall(t, owner, 'GET', `/orders/${number}`)).json().data;
    const cancel = await adminCall(t, owner, 'POST', `/orders/${number}/cancel`, {
      version: o.version,
      reason: 'Changed mind',
      refund: true,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = (await q<{ uses: number }>(sql`select uses from discount_code where code = 'ONCE-ONLY'`))[0]!.uses;
    expect(after, 'the cancelled order gave its use back').toBe(0);
  });

  it('one code per order unless every code combines; codes that do are each worked out on the price, never past it', async () => {
    await makeCode({ code: 'SOLO20' });
    await makeCode({ code: 'PLUS10', percentBp: 1_000, combines: true });
    await makeCode({
      code: 'TWOFIFTY',
      kind: 'amount',
      percentBp: null,
      amountCents: 25_000,
      combines: true,
      maxUses: 5,
    });
    const s = randomUUID();
    const { piece } = await pieceAndDiamond();
    expect(piece.price).toBeGreaterThan(25_000);
    await call(s, 'POST', '/cart/items', { kind: 'product', id: piece.id, quantity: 1 });
    const put = (code: string) => call(s, 'PUT', '/cart/discount', { code });

    expect((await put('SOLO20')).statusCode).toBe(200);
    const blocked = await put('PLUS10');
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().message).toBe('SOLO20 does not combine with another code: remove it to use this one.');
    expect((await call(s, 'DELETE', '/cart/discount?code=solo20')).json().data.discountCodes).toEqual([]);
    expect((await put('PLUS10')).statusCode).toBe(200);
    const loner = await put('SOLO20');
    expect(loner.statusCode).toBe(422);
    expect(loner.json().message).toBe('This code does not combine with another code.');

    const both = await put('TWOFIFTY');
    expect(both.statusCode, both.body).toBe(200);
    const cart = both.json().data;
    expect(cart.discountCodes).toEqual([
      { code: 'PLUS10', note: null },
      { code: 'TWOFIFTY', note: null },
    ]);
    // Each on the price before any code: 10 % of the piece, and $250.
    const off = Math.round(piece.price * 0.1) + 25_000;
    expect(cart.totals.discountCents).toBe(off);
    expect(cart.totals.discountLabel).toBe('PLUS10 · Holiday 20% off + TWOFIFTY · Holiday 20% off');

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': s, 'idempotency-key': randomUUID() },
      payload: orderBody('combined@example.com'),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data;
    expect(order.totals.discountCents).toBe(off);
    expect(order.lines[0].discountCents).toBe(off);
    const uses = await q<{ code: string; cents: number }>(sql`select c.code, r.cents from discount_redemption r
      join discount_code c on c.id = r.code_id join customer_order o on o.id = r.order_id
      where o.number = ${order.number} and r.released_at is null order by c.code`);
    expect(uses).toEqual([
      { code: 'PLUS10', cents: Math.round(piece.price * 0.1) },
      { code: 'TWOFIFTY', cents: 25_000 },
    ]);
    expect((await q<{ uses: number }>(sql`select uses from discount_code where code = 'TWOFIFTY'`))[0]!.uses).toBe(1);
    // Cancelled: both uses come back.
    const o = (await adminCall(t, manager, 'GET', `/orders/${order.number}`)).json().data;
    const cancel = await adminCall(t, manager, 'POST', `/orders/${order.number}/cancel`, {
      version: o.version,
      reason: 'Changed mind',
      refund: true,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await usesOf('PLUS10')).toBe(0);
    expect((await q<{ uses: number }>(sql`select uses from discount_code where code = 'TWOFIFTY'`))[0]!.uses).toBe(0);
  });

  it('codes that combine never take a piece below nothing, and an order takes at most five', async () => {
    const { piece } = await pieceAndDiamond();
    const half = Math.ceil(piece.price / 2) + 100;
    for (const code of ['HALF-A', 'HALF-B', 'HALF-C', 'HALF-D', 'HALF-E', 'HALF-F'])
      await makeCode({ code, kind: 'amount', percentBp: null, amountCents: half, combines: true });
    const s = randomUUID();
    await call(s, 'POST', '/cart/items', { kind: 'product', id: piece.id, quantity: 1 });
    for (const code of ['HALF-A', 'HALF-B', 'HALF-C', 'HALF-D', 'HALF-E'])
      expect((await call(s, 'PUT', '/cart/discount', { code })).statusCode).toBe(200);
    const cart = (await call(s, 'GET', '/cart')).json().data;
    expect(cart.totals.discountCents).toBe(piece.price);
    expect(cart.totals.subtotalCents - cart.totals.discountCents).toBe(0);
    // Line by line too (what a refund of the line gives back less): the first two codes pay for it, the rest take nothing.
    const worked = await discountFor(
      t.database.db,
      ['HALF-A', 'HALF-B', 'HALF-C'],
      [{ kind: 'product', lineTotalCents: piece.price, available: true, categoryId: null }],
      { email: null, userId: null },
      t.config.STORE_TIMEZONE,
    );
    expect(worked.applied!.perLine).toEqual([piece.price]);
    expect(worked.applied!.codes.map((c) => c.cents)).toEqual([half, piece.price - half, 0]);
    const sixth = await call(s, 'PUT', '/cart/discount', { code: 'HALF-F' });
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().message).toBe('An order takes at most 5 codes.');
    expect((await call(s, 'DELETE', '/cart/discount')).json().data.discountCodes).toEqual([]);
  });

  it('a code’s limit cannot be set below the uses it already has, and a limit set later counts the uses so far', async () => {
    const c = await makeCode({ code: 'USED-TWICE' });
    const { piece } = await pieceAndDiamond();
    for (const who of ['one', 'two']) {
      const s = randomUUID();
      await call(s, 'POST', '/cart/items', { kind: 'product', id: piece.id, quantity: 1 });
      expect((await call(s, 'PUT', '/cart/discount', { code: 'used-twice' })).statusCode).toBe(200);
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { 'x-session-id': s, 'idempotency-key': randomUUID() },
        payload: orderBody(`${who}@example.com`),
      });
      expect(placed.statusCode, placed.body).toBe(200);
    }
    const { id: _i, uses: _u, version: _v, createdBy: _c, batch: _b, ...discount } = c;
    const res = await adminCall(t, manager, 'PUT', `/discounts/${c.id}`, {
      version: c.version,
      discount: { ...discount, maxUses: 1 },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ maxUses: 'At least 2' });
    const three = await adminCall(t, manager, 'PUT', `/discounts/${c.id}`, {
      version: c.version,
      discount: { ...discount, maxUses: 3 },
    });
    expect(three.statusCode, three.body).toBe(200);
    expect(three.json().data.uses).toBe(2);
    expect((await q<{ uses: number }>(sql`select uses from discount_code where id = ${c.id}`))[0]!.uses).toBe(2);
  });
});
