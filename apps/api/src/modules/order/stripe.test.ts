import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession } from '../../test/staff.ts';
import { LocalStripe, TEST_METHODS } from '../../test/stripe-server.ts';
import { settleDepsOf } from './payment-routes.ts';
import { pageCsp } from '../../plugins/web.ts';
import { expireLapsedPayments, LAPSE_STEPS, PAID_STEPS, reconcilePayments, settlePayment } from './settle.ts';

// Stripe behind the payment interface, against a local server speaking Stripe's API (the machine
// has no internet; decision 014 says what this proves and what only Stripe's test mode would).

const KEYS = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_facetLocalServer0000000001',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_facetLocalServer0000000001',
  STRIPE_WEBHOOK_SECRET: 'whsec_facetLocalWebhookSecret000001',
};

let t: TestApp;
let stripe: LocalStripe;
beforeAll(async () => {
  stripe = new LocalStripe(KEYS.STRIPE_WEBHOOK_SECRET);
  const base = await stripe.start();
  t = await buildTestApp({ ...KEYS, STRIPE_API_BASE: base });
  stripe.sendTo(async (body, headers) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers, payload: body });
    return res.statusCode;
  });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});
beforeEach(() => {
  stripe.autoDeliver = true;
});

const deps = () => settleDepsOf(t.app)!;
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const stoneOf = async (id: number) =>
  (
    await q<{ status: string; hold: string | null }>(
      sql`select status, hold_reason as hold from diamond where id = ${id}`,
    )
  )[0]!;
const orderRow = async (number: string) =>
  (
    await q<{
      state: string;
      status: string;
      paid: number;
      refunded: number;
      brand: string;
      last4: string;
      disputed: boolean;
    }>(
      sql`select payment_state as state, status, paid_cents as paid, refunded_cents as refunded, card_brand as brand,
        card_last4 as last4, disputed from customer_order where number = ${number}`,
    )
  )[0]!;
const events = async (number: string) =>
  (
    await q<{ type: string }>(
      sql`select e.type from order_event e join customer_order o on o.id = e.order_id where o.number = ${number} order by e.id`,
    )
  ).map((e) => e.type);
const mails = async (to: string, kind: string) =>
  (
    await q<{ n: number }>(sql`select count(*)::int as n from outbox_mail where to_address = ${to} and kind = ${kind}`)
  )[0]!.n;

/** A visitor puts a diamond in the cart and places the order (no card: Stripe takes it in the browser). */
async function checkout(email = `stripe.${randomUUID().slice(0, 8)}@example.com`, key = randomUUID()) {
  const session = randomUUID();
  const [d] = await q<{ id: number; price: number }>(
    sql`select id, price_cents as price from diamond where status = 'available' order by id limit 1 offset 7`,
  );
  const add = await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { 'x-session-id': session },
    payload: { kind: 'diamond', id: d!.id },
  });
  expect(add.statusCode, add.body).toBe(200);
  const { card: _card, ...body } = orderBody(email);
  const place = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': session, 'idempotency-key': key },
      payload: body,
    });
  const res = await place();
  expect(res.statusCode, res.body).toBe(200);
  const order = res.json().data;
  const ref = order.payment.clientSecret.split('_secret_')[0] as string;
  return { order, ref, diamondId: d!.id, email, session, place };
}

describe('configuration', () => {
  it('refuses to start with Stripe and missing or malformed keys, saying which', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY: is required/);
    expect(() => loadConfig({ ...KEYS, STRIPE_SECRET_KEY: 'pk_test_oops000000000000' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => loadConfig({ ...KEYS, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...KEYS, STRIPE_PUBLISHABLE_KEY: 'pk_live_facetLocalServer000001' })).toThrow(
      /live key but STRIPE_SECRET_KEY is a test key/,
    );
    expect(loadConfig(KEYS).PAYMENT_PROVIDER).toBe('stripe');
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('test');
  });
});

describe('checkout with Stripe', () => {
  it('creates a PaymentIntent for the server total with our idempotency key; the stone is reserved, not sold', async () => {
    const c = await checkout();
    expect(c.order.payment).toMatchObject({ state: 'pending', publishableKey: KEYS.STRIPE_PUBLISHABLE_KEY });
    const pi = stripe.intents.get(c.ref)!;
    expect(pi.amount).toBe(c.order.totals.totalCents);
    expect(pi.metadata).toEqual({ order: c.order.number });
    expect(pageCsp('n', true)).toContain("script-src 'self' 'nonce-n' 'strict-dynamic' https://js.stripe.com");
    expect(pageCsp('n', true)).toContain(
      'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
    );
    expect(pageCsp('n', false)).not.toMatch(/stripe/);
    expect(await stoneOf(c.diamondId)).toEqual({ status: 'reserved', hold: `payment:${c.order.number}` });
    expect(await orderRow(c.order.number)).toMatchObject({ state: 'pending', paid: 0 });
    expect(await mails(c.email, 'order-confirmation'), 'no confirmation before payment').toBe(0);

    // The same request again (a double click, a retry): the same order and the same intent.
    const again = await c.place();
    expect(again.json().data.number).toBe(c.order.number);
    const creates = stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(new Set(creates.map((r) => r.idempotencyKey)).size).toBe(creates.length);
    expect(creates.every((r) => r.idempotencyKey?.startsWith('facet-order-'))).toBe(true);
    // The stone is not for sale meanwhile.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': randomUUID() },
      payload: { kind: 'diamond', id: c.diamondId },
    });
    expect(other.statusCode).toBe(409);
  });

  it('back at checkout with the order unpaid: the same order again, or, if the cart changed, a new one in its place', async () => {
    const c = await checkout();
    const { card: _card, ...body } = orderBody(c.email);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': c.session, 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.number, 'a reload resumes the same order').toBe(c.order.number);

    const [chain] = await q<{ id: number }>(
      sql`select p.id from product p join product_group g on g.id = p.group_id where not g.configurable and p.active order by p.id limit 1`,
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': c.session },
      payload: { kind: 'product', id: chain!.id },
    });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': c.session, 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const next = changed.json().data;
    expect(next.number).not.toBe(c.order.number);
    expect(stripe.intents.get(c.ref)!.status).toBe('canceled');
    expect(await orderRow(c.order.number)).toMatchObject({ state: 'expired', status: 'cancelled' });
    expect(await stoneOf(c.diamondId)).toEqual({ status: 'reserved', hold: `payment:${next.number}` });
  });

  it('a successful payment (webhook and confirmation page both) pays the order once and sells the stone', async () => {
    const c = await checkout();
    await stripe.confirm(c.ref, TEST_METHODS.visa);
    const page = await t.app.inject({
      method: 'POST',
      url: `/api/order/${c.order.number}/payment`,
      payload: { token: c.order.accessToken },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.payment).toMatchObject({ brand: 'Visa', last4: '4242', state: 'paid' });
    expect(await orderRow(c.order.number)).toMatchObject({ state: 'paid', paid: c.order.totals.totalCents });
    expect(await stoneOf(c.diamondId)).toEqual({ status: 'sold', hold: null });
    expect((await events(c.order.number)).filter((e) => e === 'placed')).toHaveLength(1);
    expect(await mails(c.email, 'order-confirmation')).toBe(1);
    const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { 'x-session-id': c.session } });
    expect(cart.json().data.lines).toEqual([]);
  });

  it('a declined card leaves the order waiting; when the reservation lapses the stone is for sale again', async () => {
    const c = await checkout();
    await stripe.confirm(c.ref, TEST_METHODS.declined);
    expect(await orderRow(c.order.number)).toMatchObject({ state: 'pending' });
    expect((await stoneOf(c.diamondId)).status).toBe('reserved');
    const later = new Date(Date.now() + (t.config.PAYMENT_HOLD_MINUTES + 1) * 60_000);
    expect(await expireLapsedPayments(deps(), later)).toBeGreaterThanOrEqual(1);
    expect(stripe.intents.get(c.ref)!.status).toBe('canceled');
    expect(await orderRow(c.order.number)).toMatchObject({ state: 'expired', status: 'cancelled' });
    expect(await stoneOf(c.diamondId)).toEqual({ status: 'available', hold: null });
    // The shopper's late attempt cannot charge them: the intent is cancelled.
    await expect(stripe.confirm(c.ref, TEST_METHODS.visa)).rejects.toThrow(/cannot be confirmed/);
  });

  it('3-D Secure: the payment waits for the challenge, then completes', async () => {
    const c = await checkout();
    const pi = await stripe.confirm(c.ref, TEST_METHODS.threeDSecure);
    expect(pi.status).toBe('requires_action');
    expect(await orderRow(c.order.number)).toMatchObject({ state: 'pending' });
    await stripe.authenticate(c.ref);
    expect(await orderRow(c.order.number)).toMatchObject({ state: 'paid', last4: '3155' });
  });
});

describe('the race between payment and the end of the reservation', () => {
  it('payment succeeds as the reservation lapses: the order is paid and the stone sold, once', async () => {
    const c = await checkout();
    stripe.autoDeliver = false;
    await stripe.confirm(c.ref, TEST_METHODS.visa);
    const later = new Date(Date.now() + (t.config.PAYMENT_HOLD_MINUTES + 1) * 60_000);
    // The sweeper and the webhook at once: Stripe refuses to cancel a paid intent, so both settle it as paid.
    const [, statuses] = await Promise.all([expireLapsedPayments(deps(), later), stripe.deliver()]);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await orderRow(c.order.number)).toMatchObject({ state: 'paid', status: 'placed' });
    expect(await stoneOf(c.diamondId)).toEqual({ status: 'sold', hold: null });
    expect(stripe.refunds.size === 0 || [...stripe.refunds.values()].every((r) => r.payment_intent !== c.ref)).toBe(
      true,
    );
  });

  it('money that arrives after the stone went to someone else is refunded automatically, in full', async () => {
    const c = await checkout();
    stripe.autoDeliver = false;
    // As if the reservation had been released (a crash between Stripe's answer and ours) and another customer bought the stone.
    await t.database.db.execute(
      sql`update customer_order set payment_state = 'expired', status = 'cancelled' where number = ${c.order.number}`,
    );
    await t.database.db.execute(
      sql`update order_stone set live = false where order_id = (select id from customer_order where number = ${c.order.number})`,
    );
    await t.database.db.execute(sql`update diamond set status = 'sold', hold_reason = null where id = ${c.diamondId}`);
    await stripe.confirm(c.ref, TEST_METHODS.visa);
    await stripe.deliver();
    const row = await orderRow(c.order.number);
    expect(row).toMatchObject({ state: 'refunded', status: 'cancelled', paid: c.order.totals.totalCents });
    expect(row.refunded).toBe(row.paid);
    const refund = [...stripe.refunds.values()].find((r) => r.payment_intent === c.ref)!;
    expect(refund.amount).toBe(c.order.totals.totalCents);
    expect(await mails(c.email, 'order-cancelled')).toBe(1);
    // Settling again (a retried webhook, the start-up check) refunds nothing more.
    await settlePayment(deps(), c.ref);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === c.ref)).toHaveLength(1);
  });

  it('many payments and sweeps at once: never a paid order without its stone, never a stone in two orders', async () => {
    const placed = [];
    for (let i = 0; i < 4; i++) placed.push(await checkout());
    stripe.autoDeliver = false;
    const later = new Date(Date.now() + (t.config.PAYMENT_HOLD_MINUTES + 1) * 60_000);
    await Promise.all([
      ...placed.slice(0, 2).map((c) => stripe.confirm(c.ref, TEST_METHODS.visa)),
      expireLapsedPayments(deps(), later),
      expireLapsedPayments(deps(), later),
    ]);
    await Promise.all([stripe.deliver(), reconcilePayments(deps()), expireLapsedPayments(deps(), later)]);
    for (const c of placed) {
      const row = await orderRow(c.order.number);
      const stone = await stoneOf(c.diamondId);
      if (row.state === 'paid') expect(stone.status, c.order.number).toBe('sold');
      else {
        expect(['expired', 'refunded']).toContain(row.state);
        expect(row.refunded).toBe(row.paid);
      }
    }
    const live = await q<{ stone_id: number; n: number }>(
      sql`select stone_id, count(*)::int as n from order_stone where live group by stone_id having count(*) > 1`,
    );
    expect(live).toEqual([]);
  });
});

describe('webhooks', () => {
  const post = (body: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers, payload: body });
  const someEvent = () =>
    ({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    }) as never;

  it('refuses unsigned, wrongly signed and stale events with 400; acknowledges unknown types', async () => {
    const e = someEvent();
    const good = stripe.signed(e);
    expect((await post(good.body, { 'content-type': 'application/json' })).statusCode).toBe(400);
    const wrong = stripe.signed(e, { secret: 'whsec_someoneElsesSecret000000' });
    expect((await post(wrong.body, wrong.headers)).statusCode).toBe(400);
    const stale = stripe.signed(e, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect((await post(stale.body, stale.headers)).statusCode).toBe(400);
    const tampered = { ...good.headers };
    expect((await post(good.body.replace('cus_1', 'cus_2'), tampered)).statusCode).toBe(400);
    const ok = await post(good.body, good.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: true });
  });

  it('handles each event once, however often Stripe sends it', async () => {
    const c = await checkout();
    stripe.autoDeliver = false;
    await stripe.confirm(c.ref, TEST_METHODS.visa);
    const [succeeded] = stripe.events.splice(0);
    await stripe.deliver([succeeded!, succeeded!, succeeded!]);
    expect((await events(c.order.number)).filter((e) => e === 'placed')).toHaveLength(1);
    expect(await mails(c.email, 'order-confirmation')).toBe(1);
    const seen = await q<{ n: number }>(sql`select count(*)::int as n from payment_event where id = ${succeeded!.id}`);
    expect(seen[0]!.n).toBe(1);
  });

  it('a crash while applying a payment: Stripe sends again (or the start-up check runs) and the order completes', async () => {
    const c = await checkout();
    stripe.autoDeliver = false;
    await stripe.confirm(c.ref, TEST_METHODS.visa);
    const [succeeded] = stripe.events.splice(0);
    // The path dies after Stripe charged and before the order is written: here the database refuses the write.
    await t.database.db.execute(sql`
      create or replace function facet_test_fail() returns trigger language plpgsql as $$ begin raise exception 'simulated crash'; end $$`);
    await t.database.db.execute(
      sql`create trigger facet_test_fail before update on customer_order for each row execute function facet_test_fail()`,
    );
    const failed = await stripe.deliver([succeeded!]);
    expect(failed[0]).toBeGreaterThanOrEqual(500);
    expect(await orderRow(c.order.number)).toMatchObject({ state: 'pending' });
    await t.database.db.execute(sql`drop trigger facet_test_fail on customer_order`);
    // Stripe retries the same event: handled now (its id was not kept as handled).
    expect(await stripe.deliver([succeeded!])).toEqual([200]);
    expect(await orderRow(c.order.number)).toMatchObject({ state: 'paid' });

    // And without any webhook at all, the check at start-up completes a paid order.
    const d = await checkout();
    await stripe.confirm(d.ref, TEST_METHODS.visa);
    stripe.events.splice(0);
    await reconcilePayments(deps());
    expect(await orderRow(d.order.number)).toMatchObject({ state: 'paid' });
  });
});

describe('refunds and disputes', () => {
  it('staff cancel an order still waiting for payment: Stripe can no longer take it and the stone is for sale', async () => {
    const c = await checkout();
    const manager = (await staffSession(t, 'manager')).cookie;
    const d = (await adminCall(t, manager, 'GET', `/orders/${c.order.number}`)).json().data;
    expect(d).toMatchObject({ paymentState: 'pending', disputed: false });
    const res = await adminCall(t, manager, 'POST', `/orders/${c.order.number}/cancel`, {
      version: d.version,
      reason: 'Customer asked by phone',
      refund: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.intents.get(c.ref)!.status).toBe('canceled');
    expect(await stoneOf(c.diamondId)).toEqual({ status: 'available', hold: null });
    await expect(stripe.confirm(c.ref, TEST_METHODS.visa)).rejects.toThrow(/cannot be confirmed/);
    expect(await orderRow(c.order.number)).toMatchObject({ state: 'expired', status: 'cancelled', paid: 0 });
  });

  it('staff refund part and then the rest through Stripe, with a key each; its webhooks do not count them twice', async () => {
    const c = await checkout();
    await stripe.confirm(c.ref, TEST_METHODS.visa);
    const manager = (await staffSession(t, 'manager')).cookie;
    const detail = async () => (await adminCall(t, manager, 'GET', `/orders/${c.order.number}`)).json().data;
    let d = await detail();
    const part = await adminCall(t, manager, 'POST', `/orders/${c.order.number}/refunds`, {
      version: d.version,
      amountCents: 25_000,
      reason: 'Goodwill for the delay',
    });
    expect(part.statusCode, part.body).toBe(200);
    d = await detail();
    const rest = await adminCall(t, manager, 'POST', `/orders/${c.order.number}/refunds`, {
      version: d.version,
      amountCents: d.paidCents - 25_000,
      reason: 'Returned within 30 days',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    // Webhooks (charge.refunded ×2) have arrived meanwhile.
    const row = await orderRow(c.order.number);
    expect(row.refunded).toBe(row.paid);
    const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === c.ref);
    expect(refunds.map((r) => r.amount)).toEqual([25_000, row.paid - 25_000]);
    const keys = stripe.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey);
    expect(keys.every((k) => k?.startsWith('facet-refund-'))).toBe(true);
    expect((await events(c.order.number)).filter((e) => e === 'refund')).toHaveLength(2);
    expect(await mails(c.email, 'order-refunded')).toBe(2);
  });

  it('a refund made in Stripe is recorded on the order and the customer told; a dispute flags the order for staff', async () => {
    const c = await checkout();
    await stripe.confirm(c.ref, TEST_METHODS.visa);
    await stripe.dashboardRefund(c.ref, 10_000);
    await expect.poll(async () => (await orderRow(c.order.number)).refunded).toBe(10_000);
    expect(await mails(c.email, 'order-refunded')).toBe(1);
    await stripe.dispute(c.ref);
    expect(await orderRow(c.order.number)).toMatchObject({ disputed: true });
    expect(await events(c.order.number)).toContain('dispute');
  });
});

describe('settling a payment, as flows in the order’s transaction', () => {
  const failAfter = (step: string) => ({
    afterStep: (_f: string, name: string) => {
      if (name === step) throw new Error(`injected after ${step}`);
    },
  });
  const confirmations = (email: string) => mails(email, 'order-confirmation');

  for (const { name } of PAID_STEPS)
    it(`payment arrived: a failure after "${name}" sells nothing and tells nobody; the next settle sells once`, async () => {
      const c = await checkout();
      stripe.autoDeliver = false;
      await stripe.confirm(c.ref, TEST_METHODS.visa);
      await expect(settlePayment({ ...deps(), hooks: failAfter(name) }, c.ref)).rejects.toThrow(
        `injected after ${name}`,
      );
      expect(await orderRow(c.order.number)).toMatchObject({ state: 'pending' });
      expect(await stoneOf(c.diamondId)).toMatchObject({ status: 'reserved' });
      expect(await confirmations(c.email)).toBe(0);
      expect(await settlePayment(deps(), c.ref)).toBe('paid');
      expect(await stoneOf(c.diamondId)).toMatchObject({ status: 'sold' });
      expect(await confirmations(c.email)).toBe(1);
      expect(await settlePayment(deps(), c.ref)).toBe('paid');
      expect(await confirmations(c.email)).toBe(1);
    });

  for (const { name } of LAPSE_STEPS)
    it(`payment lapsed: a failure after "${name}" keeps the reservation; the next sweep lets it go once`, async () => {
      const c = await checkout();
      stripe.autoDeliver = false;
      const later = new Date(Date.now() + (t.config.PAYMENT_HOLD_MINUTES + 1) * 60_000);
      await expect(expireLapsedPayments({ ...deps(), hooks: failAfter(name) }, later)).rejects.toThrow(
        `injected after ${name}`,
      );
      expect(await orderRow(c.order.number)).toMatchObject({ state: 'pending' });
      expect(await stoneOf(c.diamondId)).toMatchObject({ status: 'reserved' });
      expect(await settlePayment(deps(), c.ref)).toBe('expired');
      expect(await stoneOf(c.diamondId)).toMatchObject({ status: 'available' });
      expect(await events(c.order.number)).toContain('payment-lapsed');
    });
});
