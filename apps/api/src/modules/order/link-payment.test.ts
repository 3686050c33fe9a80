import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession } from '../../test/staff.ts';
import { LocalStripe, TEST_METHODS } from '../../test/stripe-server.ts';

// Payments asked for by link after the sale — a service estimate, an exchange's difference — in a
// store paid through Stripe, against the local server speaking Stripe's API (decision 014): the
// first ask answers a PaymentIntent for the browser's Payment Element; the next ask checks it with
// Stripe, so the browser's word alone never approves anything.

const KEYS = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_facetLocalServer0000000002',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_facetLocalServer0000000002',
  STRIPE_WEBHOOK_SECRET: 'whsec_facetLocalWebhookSecret000002',
};

let t: TestApp;
let stripe: LocalStripe;
let manager: string;
beforeAll(async () => {
  stripe = new LocalStripe(KEYS.STRIPE_WEBHOOK_SECRET);
  const base = await stripe.start();
  t = await buildTestApp({ ...KEYS, STRIPE_API_BASE: base, RATE_LIMIT_MAX: '100000', RATE_LIMIT_FORM_MAX: '1000' });
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

const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;
const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

describe('a service estimate paid through Stripe', () => {
  it('answers a payment for the browser, and is approved only once Stripe says it succeeded', async () => {
    const email = `svc.${randomUUID().slice(0, 8)}@example.com`;
    const opened = (
      await adminCall(t, manager, 'POST', '/service-tickets', {
        kind: 'repair',
        customer: { name: 'Ines Duarte', email, phone: '' },
        piece: 'Platinum solitaire, prong worn',
        dueOn: due,
      })
    ).json().data;
    await adminCall(t, manager, 'POST', `/service-tickets/${opened.number}/estimate`, {
      version: opened.version,
      amountCents: 12_000,
      note: 'Re-tip two prongs.',
      dueOn: due,
    });
    const [mail] = await q<{ text: string }>(
      sql`select text_body as text from outbox_mail where to_address = ${email} and kind = 'service-estimated'`,
    );
    const token = decodeURIComponent(/\/service\/SVC-\w+\?token=([\w%-]+)/.exec(mail!.text)![1]!);
    const approve = () =>
      t.app.inject({ method: 'POST', url: `/api/service/${opened.number}/approve`, payload: { token } });

    const first = await approve();
    expect(first.statusCode, first.body).toBe(200);
    const payment = first.json().data.payment;
    expect(payment.publishableKey).toBe(KEYS.STRIPE_PUBLISHABLE_KEY);
    expect(first.json().data.status).toBe('estimated');
    const ref = intentOf(payment.clientSecret);
    // Asked again before paying (a reload, a second tab): the same payment, not a second one.
    expect(intentOf((await approve()).json().data.payment.clientSecret)).toBe(ref);

    // A declined card: still waiting, nothing approved.
    await stripe.confirm(ref, TEST_METHODS.declined);
    const afterDecline = await approve();
    expect(afterDecline.json().data).toMatchObject({ status: 'estimated', paid: false });

    await stripe.confirm(ref, TEST_METHODS.visa);
    const paid = await approve();
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'approved', paid: true, payment: null });
    const staff = (await adminCall(t, manager, 'GET', `/service-tickets/${opened.number}`)).json().data;
    expect(staff.paid).toMatchObject({ cents: 12_000, last4: '4242' });
    // Once approved, the link cannot pay again.
    expect((await approve()).statusCode).toBe(409);
  });
});

describe('an exchange’s difference paid through Stripe', () => {
  it('makes the replacement order once Stripe says the difference is paid', async () => {
    // A chain bought and paid through Stripe, delivered, sent back for a dearer piece.
    const [chain] = await q<{ id: number }>(sql`select p.id from product p join product_group g on g.id = p.group_id
      where g.kind = 'chain' and g.published and not g.configurable and not g.stock_tracked and p.active
      order by p.price_cents limit 1`);
    const session = randomUUID();
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': session },
      payload: { kind: 'product', id: chain!.id },
    });
    const email = `swap.${randomUUID().slice(0, 8)}@example.com`;
    const { card: _card, ...body } = orderBody(email);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data;
    await stripe.confirm(intentOf(order.payment.clientSecret), TEST_METHODS.visa);
    await t.app.inject({
      method: 'POST',
      url: `/api/order/${order.number}/payment`,
      payload: { token: order.accessToken },
    });
    for (const status of ['in_production', 'ready_to_ship', 'shipped', 'delivered']) {
      const o = (await adminCall(t, manager, 'GET', `/orders/${order.number}`)).json().data;
      const res = await adminCall(t, manager, 'POST', `/orders/${order.number}/status`, {
        version: o.version,
        status,
        ...(status === 'shipped' ? { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const returns = (path: string, payload?: object) =>
      t.app.inject({
        method: payload ? 'POST' : 'GET',
        url: `/api/order/${order.number}/returns${path}?token=${encodeURIComponent(order.accessToken)}`,
        ...(payload ? { payload } : {}),
      });
    const asked = await returns('', {
      lines: [{ line: 0, quantity: 1 }],
      reason: 'does-not-fit',
      resolution: 'exchange',
      exchangeFor: 'Something longer',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const rma = asked.json().data.returns[0].number as string;
    for (const [path, step] of [
      ['approve', { message: 'Send it back insured.' }],
      ['receive', {}],
      ['inspect', { condition: 'as-expected', restock: true }],
    ] as const) {
      const now = (await adminCall(t, manager, 'GET', `/returns/${rma}`)).json().data;
      expect(
        (await adminCall(t, manager, 'POST', `/returns/${rma}/${path}`, { version: now.version, ...step })).statusCode,
      ).toBe(200);
    }
    const now = (await adminCall(t, manager, 'GET', `/returns/${rma}`)).json().data;
    const [dearer] = await q<{ sku: string }>(sql`select p.sku from product p join product_group g on g.id = p.group_id
      where g.published and not g.configurable and not g.stock_tracked and p.active
        and p.price_cents > ${now.quote.goodsCents + 10_000} order by p.price_cents limit 1`);
    const offered = await adminCall(t, manager, 'POST', `/returns/${rma}/exchange`, {
      version: now.version,
      lines: [{ sku: dearer!.sku, quantity: 1 }],
    });
    expect(offered.json().data.status).toBe('awaiting-payment');
    const difference = offered.json().data.exchange.differenceCents as number;

    const pay = () => returns(`/${rma}/pay`, {});
    const first = await pay();
    expect(first.statusCode, first.body).toBe(200);
    const ref = intentOf(first.json().data.payment.clientSecret);
    const [intent] = await q<{ ref: string }>(sql`select intent_ref as ref from return_request where number = ${rma}`);
    expect(intent!.ref).toBe(ref);
    expect(stripe.intents.get(ref)!.amount).toBe(difference);
    expect(first.json().data.returns[0].status).toBe('awaiting-payment');

    await stripe.confirm(ref, TEST_METHODS.visa);
    const done = await pay();
    expect(done.statusCode, done.body).toBe(200);
    const after = done.json().data.returns[0];
    expect(after.status).toBe('exchanged');
    const [replacement] = await q<{ paid: number; credit: number; provider: string; ref: string }>(sql`
      select paid_cents as paid, exchange_credit_cents as credit, payment_provider as provider, payment_ref as ref
      from customer_order where number = ${after.exchange.orderNumber}`);
    expect(replacement).toEqual({
      paid: after.exchange.totalCents,
      credit: after.exchange.creditCents,
      provider: 'stripe',
      ref,
    });
  });
});
