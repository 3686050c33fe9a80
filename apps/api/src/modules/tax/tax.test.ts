import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { cartWithDiamond, orderBody } from '../../test/checkout.ts';
import { LocalStripe } from '../../test/stripe-server.ts';
import { orderTaxRecords } from '../order/index.ts';
import { recordPaidTax, reverseRefundedTax } from './ledger.ts';
import { adminCall, staffSession, stepOrder } from '../../test/staff.ts';

// Stripe Tax cannot be reached from here: the store's official SDK talks to a local server speaking
// its calculations and transactions API (test/stripe-server.ts), with New York City's, Buffalo's
// and other places' published rates. Payments stay the built-in test cards.

let t: TestApp;
let stripe: LocalStripe;
beforeAll(async () => {
  stripe = new LocalStripe('whsec_facetLocalWebhookSecret000001');
  const base = await stripe.start();
  t = await buildTestApp({
    TAX_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_facetLocalServer0000000001',
    STRIPE_API_BASE: base,
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.stop();
});
beforeEach(() => {
  stripe.taxDelayMs = 0;
  stripe.taxDown = false;
});

const NYC = { line1: '12 Bleecker St', city: 'New York', state: 'NY', zip: '10012' };
const BUFFALO = { line1: '1 Niagara Sq', city: 'Buffalo', state: 'NY', zip: '14202' };

const cartWithStone = (session: string) => cartWithDiamond(t, session, 7);
const cartFor = (session: string, to: Record<string, string>) =>
  t.app.inject({
    url: `/api/cart?${new URLSearchParams({ shipping: 'express', ...to })}`,
    headers: { 'x-session-id': session },
  });

describe('sales tax at the address (Stripe Tax)', () => {
  it('charges the rate of the city, not the state: New York City 8.875 %, Buffalo 8.75 %, on the same cart', async () => {
    const s = randomUUID();
    await cartWithStone(s);
    const nyc = (await cartFor(s, NYC)).json().data.totals;
    const buffalo = (await cartFor(s, BUFFALO)).json().data.totals;
    // Express shipping is charged, and New York taxes it with the goods; each jurisdiction's share
    // is rounded per amount, as Stripe does.
    const goods = nyc.subtotalCents - nyc.discountCents;
    const ship = nyc.shippingCents;
    expect(ship).toBeGreaterThan(0);
    const owed = (percents: number[]) =>
      percents.reduce((sum, p) => sum + Math.round((goods * p) / 100) + Math.round((ship * p) / 100), 0);
    expect(nyc.taxCents).toBe(owed([4, 4.5, 0.375]));
    expect(buffalo.taxCents).toBe(owed([4, 4.75]));
    expect(nyc.taxCents).toBeGreaterThan(buffalo.taxCents);
    expect(nyc.taxLines.map((l: { name: string; percent: number }) => [l.name, l.percent])).toEqual([
      ['New York Sales Tax', 4],
      ['New York City Sales Tax', 4.5],
      ['Metropolitan Commuter Transportation District Sales Tax', 0.375],
    ]);
    expect(buffalo.taxLines.map((l: { name: string }) => l.name)).toEqual([
      'New York Sales Tax',
      'Erie County Sales Tax',
    ]);
    expect(nyc.totalCents).toBe(goods + ship + nyc.taxCents);
  });

  it('with only the state typed, says tax is calculated at checkout rather than guessing from the state', async () => {
    const s = randomUUID();
    await cartWithStone(s);
    const totals = (await cartFor(s, { state: 'NY' })).json().data.totals;
    expect(totals.taxState).toBeNull();
    expect(totals.taxCents).toBe(0);
    expect(totals.taxLines).toEqual([]);
  });

  it('the order keeps the jurisdictions; once paid it is recorded, and a refund reverses its tax', async () => {
    const s = randomUUID();
    await cartWithStone(s);
    const quoted = (await cartFor(s, { ...NYC, shipping: 'standard' })).json().data.totals;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': s, 'idempotency-key': randomUUID() },
      payload: orderBody('tax@example.com', { expectedTotalCents: quoted.totalCents }),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data;
    expect(order.totals.taxCents).toBe(quoted.taxCents);
    expect(order.totals.taxLines).toEqual(quoted.taxLines);

    expect(await recordPaidTax(t.database.db, t.app.tax, t.app.log, orderTaxRecords)).toBe(1);
    const recorded = [...stripe.taxTransactions.values()].find((x) => x.reference === order.number);
    expect(recorded?.type).toBe('transaction');
    // Again: nothing left to record.
    expect(await recordPaidTax(t.database.db, t.app.tax, t.app.log, orderTaxRecords)).toBe(0);

    // The whole order refunded (as the back office records it): all its tax is given back, once.
    await t.database.db.execute(
      sql`update customer_order set refunded_cents = total_cents, payment_state = 'refunded' where number = ${order.number}`,
    );
    expect(await reverseRefundedTax(t.database.db, t.app.tax, t.app.log, orderTaxRecords)).toBe(1);
    expect(await reverseRefundedTax(t.database.db, t.app.tax, t.app.log, orderTaxRecords)).toBe(0);
    const reversal = [...stripe.taxTransactions.values()].find(
      (x) => x.type === 'reversal' && x.original === recorded!.id,
    );
    expect(reversal?.mode).toBe('full');
  });

  it('a slow or failing tax service: the shopper is told, no order is made and nothing is charged', async () => {
    const s = randomUUID();
    await cartWithStone(s);
    const count = async () =>
      rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from customer_order`))[0]!.n;
    const before = await count();
    for (const fault of ['slow', 'down'] as const) {
      stripe.taxDelayMs = fault === 'slow' ? 3_500 : 0;
      stripe.taxDown = fault === 'down';
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { 'x-session-id': s, 'idempotency-key': randomUUID() },
        payload: orderBody('tax-fail@example.com'),
      });
      expect(placed.statusCode, fault).toBe(503);
      expect(placed.json().message).toMatch(/cannot work out the sales tax for this address right now/);
      expect(placed.json().message).toMatch(/nothing has been charged/);
      expect((await cartFor(s, NYC)).statusCode).toBe(503);
    }
    expect(await count()).toBe(before);
  }, 30_000);

  it('an exchange taxes its replacement at the original address as the service says, not from the state table', async () => {
    const owner = (await staffSession(t, 'owner')).cookie;
    const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
    const [chain] = await q<{ id: number }>(sql`select p.id from product p join product_group g on g.id = p.group_id
      where g.kind = 'chain' and g.published and not g.configurable and not g.stock_tracked and p.active
      order by p.price_cents desc limit 1`);
    const session = randomUUID();
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': session },
      payload: { kind: 'product', id: chain!.id },
    });
    expect(add.statusCode, add.body).toBe(200);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
      payload: orderBody('exchanger@example.com'),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { number, accessToken } = placed.json().data as { number: string; accessToken: string };
    await stepOrder(t, owner, number, ['in_production', 'ready_to_ship', 'shipped', 'delivered']);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/order/${number}/returns?token=${encodeURIComponent(accessToken)}`,
      payload: {
        lines: [{ line: 0, quantity: 1 }],
        reason: 'does-not-fit',
        resolution: 'exchange',
        exchangeFor: 'Longer',
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const rma = asked.json().data.returns[0].number as string;
    for (const [step, body] of [
      ['approve', { message: 'Send it back insured.' }],
      ['receive', {}],
      ['inspect', { condition: 'as-expected', restock: true }],
    ] as const) {
      const now = (await adminCall(t, owner, 'GET', `/returns/${rma}`)).json().data;
      const res = await adminCall(t, owner, 'POST', `/returns/${rma}/${step}`, { version: now.version, ...body });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [cheaper] = await q<{ sku: string; cents: number }>(sql`select p.sku, p.price_cents as cents from product p
      join product_group g on g.id = p.group_id
      where g.published and not g.configurable and not g.stock_tracked and p.active and p.price_cents > 10000
      order by p.price_cents limit 1`);
    const staff = (await adminCall(t, owner, 'GET', `/returns/${rma}`)).json().data;
    const preview = await adminCall(t, owner, 'POST', `/returns/${rma}/exchange`, {
      version: staff.version,
      lines: [{ sku: cheaper!.sku, quantity: 1 }],
      preview: true,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const offer = preview.json().data.exchange;
    // New York City's three jurisdictions on the piece alone (the replacement ships free).
    const owed = [4, 4.5, 0.375].reduce((sum, p) => sum + Math.round((cheaper!.cents * p) / 100), 0);
    expect(offer.taxCents).toBe(owed);
    expect(offer.taxLines.map((l: { name: string }) => l.name)).toEqual([
      'New York Sales Tax',
      'New York City Sales Tax',
      'Metropolitan Commuter Transportation District Sales Tax',
    ]);
    expect(offer.taxCalculation).toMatch(/^taxcalc_/);
  }, 30_000);

  it('the order asks the tax service once, before its transaction: other shoppers are not kept waiting on it', async () => {
    const s = randomUUID();
    await cartWithStone(s);
    const asked = () => stripe.requests.filter((r) => r.path === '/v1/tax/calculations').length;
    const before = asked();
    stripe.taxDelayMs = 1_500;
    let placedAt = 0;
    const placing = t.app
      .inject({
        method: 'POST',
        url: '/api/order',
        headers: { 'x-session-id': s, 'idempotency-key': randomUUID() },
        payload: orderBody('patient@example.com'),
      })
      .then((r) => {
        placedAt = Date.now();
        return r;
      });
    await new Promise((r) => setTimeout(r, 300));
    // Another shopper's cart, read while the service is thinking: on the embedded database a
    // transaction holds the only connection, so this would wait for the order if it asked inside one.
    const other = await t.app.inject({ url: '/api/cart', headers: { 'x-session-id': randomUUID() } });
    const readAt = Date.now();
    expect(other.statusCode).toBe(200);
    const placed = await placing;
    expect(placed.statusCode, placed.body).toBe(200);
    expect(readAt).toBeLessThan(placedAt);
    expect(asked() - before).toBe(1);
  }, 30_000);
});
