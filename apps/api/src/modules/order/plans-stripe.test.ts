import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession } from '../../test/staff.ts';
import { LocalStripe, TEST_METHODS } from '../../test/stripe-server.ts';
import { chargeDueInstalments } from './layaway.ts';
import { settleDepsOf } from './payment-routes.ts';
import { settlePayment } from './settle.ts';

// Layaway and supplier stones with Stripe, against a local server speaking its API (decision 014):
// the deposit's intent saves the card to a customer (setup_future_usage), instalments are
// off-session intents on it; a supplier's stone is an intent with manual capture, captured when
// confirmed and cancelled when voided.

const KEYS = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_facetLocalServer0000000002',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_facetLocalServer0000000002',
  STRIPE_WEBHOOK_SECRET: 'whsec_facetLocalWebhookSecret000002',
};
const DAY = 86_400_000;

let t: TestApp;
let stripe: LocalStripe;
let manager: string;
beforeAll(async () => {
  stripe = new LocalStripe(KEYS.STRIPE_WEBHOOK_SECRET);
  const base = await stripe.start();
  t = await buildTestApp({ ...KEYS, STRIPE_API_BASE: base, RATE_LIMIT_MAX: '100000' });
  stripe.sendTo(async (body, headers) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers, payload: body });
    return res.statusCode;
  });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const orderRow = async (number: string) =>
  (
    await q<{ state: string; status: string; paid: number }>(
      sql`select payment_state as state, status, paid_cents as paid from customer_order where number = ${number}`,
    )
  )[0]!;

let picked = 0;
async function place(where: ReturnType<typeof sql>, extra: object = {}, offset = picked++) {
  const [d] = await q<{ id: number }>(
    sql`select id from diamond where status = 'available' and ${where} order by id limit 1 offset ${offset}`,
  );
  const session = randomUUID();
  await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { 'x-session-id': session },
    payload: { kind: 'diamond', id: d!.id },
  });
  const { card: _card, ...body } = orderBody(`plans.${randomUUID().slice(0, 8)}@example.com`, extra);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  const o = res.json().data;
  const intentId = (o.payment.clientSecret as string).split('_secret_')[0]!;
  return { o, intentId, diamondId: d!.id };
}

describe('layaway with Stripe', () => {
  it('the deposit saves the card to a customer; instalments are charged off-session to it, once', async () => {
    const { o, intentId } = await place(sql`supplier_id is null and price_cents between 400000 and 800000`, {
      plan: 'layaway',
    });
    const pi = stripe.intents.get(intentId)!;
    expect(pi.amount).toBe(o.plan.depositCents);
    expect(pi.setup_future_usage).toBe('off_session');
    expect(pi.customer).toMatch(/^cus_/);
    await stripe.confirm(intentId, TEST_METHODS.visa);
    await settlePayment(settleDepsOf(t.app)!, intentId);
    expect(await orderRow(o.number)).toMatchObject({ state: 'paid', paid: o.plan.depositCents });
    const [saved] = await q<{ card: { ref: string; customer: string } }>(
      sql`select saved_card as card from customer_order where number = ${o.number}`,
    );
    expect(saved!.card).toMatchObject({ ref: TEST_METHODS.visa, customer: pi.customer });
    const deps = { ...settleDepsOf(t.app)!, payments: t.app.payments };
    const at = new Date(Date.now() + 14 * DAY);
    // Two instances at once: one off-session intent for instalment 1.
    await Promise.all([chargeDueInstalments(deps, at), chargeDueInstalments(deps, at)]);
    const offSession = [...stripe.intents.values()].filter((x) => x.metadata.order === `${o.number}-instalment-1`);
    expect(offSession).toHaveLength(1);
    expect(offSession[0]).toMatchObject({
      status: 'succeeded',
      amount: o.plan.instalments[0].amountCents,
      customer: pi.customer,
      payment_method: TEST_METHODS.visa,
    });
    expect(await orderRow(o.number)).toMatchObject({ paid: o.plan.depositCents + o.plan.instalments[0].amountCents });
  });
});

describe('a refused off-session charge with Stripe', () => {
  it('is recorded, e-mailed with a pay link, and tried again the next day', async () => {
    const { o, intentId } = await place(sql`supplier_id is null and price_cents between 400000 and 800000`, {
      plan: 'layaway',
    });
    await stripe.confirm(intentId, TEST_METHODS.visa);
    await settlePayment(settleDepsOf(t.app)!, intentId);
    // The bank has since cancelled the card.
    stripe.declineOffSession.add(TEST_METHODS.visa);
    const deps = { ...settleDepsOf(t.app)!, payments: t.app.payments };
    try {
      expect(await chargeDueInstalments(deps, new Date(Date.now() + 14 * DAY))).toBe(0);
    } finally {
      stripe.declineOffSession.clear();
    }
    const refused = [...stripe.intents.values()].filter((x) => x.metadata.order === `${o.number}-instalment-1`);
    expect(refused.map((x) => x.status)).toEqual(['requires_payment_method']);
    expect(await orderRow(o.number)).toMatchObject({ paid: o.plan.depositCents });
    const [row] = await q<{ attempts: number; failure: string }>(
      sql`select attempts, last_failure as failure from order_instalment i join customer_order c on c.id = i.order_id
        where c.number = ${o.number} and seq = 1`,
    );
    expect(row).toEqual({ attempts: 1, failure: 'Your card was declined.' });
    const [mail] = await q<{ n: number }>(
      sql`select count(*)::int as n from outbox_mail where to_address = ${o.email} and kind = 'order-instalment-refused'`,
    );
    expect(mail!.n).toBe(1);
    // The next day the card works again: a new attempt, a new intent, charged.
    expect(await chargeDueInstalments(deps, new Date(Date.now() + 15 * DAY + 3_600_000))).toBeGreaterThanOrEqual(1);
    expect(await orderRow(o.number)).toMatchObject({ paid: o.plan.depositCents + o.plan.instalments[0].amountCents });
  });
});

describe("a supplier's stone with Stripe", () => {
  let supplierId: number;
  beforeAll(async () => {
    [{ id: supplierId }] = (await q<{ id: number }>(
      sql`insert into supplier (code, name) values ('SUPSTRIPE', 'Stripe Supplier') returning id`,
    )) as [{ id: number }];
  });
  async function supplierOrder() {
    const [d] = await q<{ id: number }>(
      sql`select id from diamond where status = 'available' and supplier_id is null order by id desc limit 1 offset ${picked++}`,
    );
    await t.database.db.execute(sql`update diamond set supplier_id = ${supplierId} where id = ${d!.id}`);
    return place(sql`id = ${d!.id}`, {}, 0);
  }

  it('is authorised by a manual-capture intent and captured when staff confirm it', async () => {
    const { o, intentId, diamondId } = await supplierOrder();
    expect(stripe.intents.get(intentId)!.capture_method).toBe('manual');
    await stripe.confirm(intentId, TEST_METHODS.visa);
    expect(stripe.intents.get(intentId)!.status).toBe('requires_capture');
    await settlePayment(settleDepsOf(t.app)!, intentId);
    expect(await orderRow(o.number)).toMatchObject({ state: 'authorized', paid: 0 });
    const res = await adminCall(t, manager, 'POST', `/orders/${o.number}/stones/${diamondId}/confirm`);
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.intents.get(intentId)).toMatchObject({ status: 'succeeded', amount_received: o.totals.totalCents });
    expect(await orderRow(o.number)).toMatchObject({ state: 'paid', paid: o.totals.totalCents });
  });

  it('a stone the supplier no longer has cancels the intent: nothing is captured', async () => {
    const { o, intentId, diamondId } = await supplierOrder();
    await stripe.confirm(intentId, TEST_METHODS.visa);
    await settlePayment(settleDepsOf(t.app)!, intentId);
    const res = await adminCall(t, manager, 'POST', `/orders/${o.number}/stones/${diamondId}/unavailable`);
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.intents.get(intentId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(await orderRow(o.number)).toMatchObject({ state: 'expired', status: 'cancelled', paid: 0 });
  });
});
