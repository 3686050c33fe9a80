import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, staffSession } from '../../test/staff.ts';
import { LocalStripe, TEST_METHODS } from '../../test/stripe-server.ts';
import { settleOpenDeposits, type QuoteDeps } from './service.ts';

// A quote's deposit and balance with Stripe, against a local server speaking Stripe's API: the
// browser pays the intent the server made for the server's amount; the next ask (or, when the
// customer closed the page, the store's own check) makes the order once, whatever webhooks say.

const KEYS = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_facetLocalServer0000000001',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_facetLocalServer0000000001',
  STRIPE_WEBHOOK_SECRET: 'whsec_facetLocalWebhookSecret000001',
};
const ADDRESS = {
  name: 'Ada King',
  line1: '12 Mercer Street',
  city: 'New York',
  state: 'NY',
  zip: '10013',
  phone: '2125550123',
};

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

const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const inDays = (d: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: t.config.STORE_TIMEZONE }).format(new Date(Date.now() + d * 86_400_000));
const deps = (): QuoteDeps => ({
  db: t.app.db,
  config: t.config,
  settings: t.app.storeSettings,
  outbox: t.app.outbox,
  payments: t.app.payments,
  tax: t.app.tax,
});
const intentOf = (secret: string) => secret.split('_secret_')[0]!;

async function sentQuote() {
  const email = `stripe.${randomUUID().slice(0, 8)}@example.com`;
  const made = await adminCall(t, manager, 'POST', '/quotes', {
    email,
    address: ADDRESS,
    lines: [{ kind: 'custom', title: 'Design fee', priceCents: 200_000 }],
    deposit: { kind: 'percent', percent: 25 },
    expiresOn: inDays(7),
  });
  const number = made.json().data.number as string;
  await adminCall(t, manager, 'POST', `/quotes/${number}/action`, { action: 'send' });
  const [mail] = await q<{ text: string }>(
    sql`select text_body as text from outbox_mail where to_address = ${email} and kind = 'quote-sent'`,
  );
  const token = decodeURIComponent(/\?token=([\w%-]+)/.exec(mail!.text)![1]!);
  const version = made.json().data.versions[0];
  const accept = () =>
    t.app.inject({ method: 'POST', url: `/api/quotes/${number}/accept`, payload: { token, version: 1 } });
  return { email, number, token, deposit: version.amounts.depositCents as number, accept };
}

describe('a quote paid through Stripe', () => {
  it('the deposit is the intent the server made; the order is made once, after Stripe says it succeeded', async () => {
    const s = await sentQuote();
    const first = await s.accept();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status).toBe('sent');
    const secret = first.json().data.payment.clientSecret as string;
    const ref = intentOf(secret);
    expect(stripe.intents.get(ref)!.amount).toBe(s.deposit);
    // Asked again before paying: the same intent, no second one.
    expect(intentOf((await s.accept()).json().data.payment.clientSecret)).toBe(ref);

    await stripe.confirm(ref, TEST_METHODS.visa);
    const [a, b] = await Promise.all([s.accept(), s.accept()]);
    expect(a.json().data.status).toBe('accepted');
    expect(b.json().data.order.number).toBe(a.json().data.order.number);
    const payments = await q<{ ref: string; amount: number }>(sql`select p.ref, p.amount_cents as amount
      from order_payment p join customer_order o on o.id = p.order_id where o.email = ${s.email}`);
    expect(payments).toEqual([{ ref, amount: s.deposit }]);
    // Stripe's webhook again (a replay): nothing more.
    const replay = stripe.events.filter((e) => (e.data.object as { id?: string }).id === ref).at(-1)!;
    const { body, headers } = stripe.signed({ ...replay, id: `evt_${randomUUID().replace(/-/g, '')}` });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers, payload: body })).statusCode,
    ).toBe(200);
    expect(await q(sql`select 1 from customer_order where email = ${s.email}`)).toHaveLength(1);
    expect(
      await q(sql`select 1 from order_payment p join customer_order o on o.id = p.order_id
      where o.email = ${s.email}`),
    ).toHaveLength(1);
  });

  it('a deposit paid by a customer who closed the page is found by the store and accepted once', async () => {
    const s = await sentQuote();
    const ref = intentOf((await s.accept()).json().data.payment.clientSecret);
    await stripe.confirm(ref, TEST_METHODS.visa);
    expect(await settleOpenDeposits(deps())).toBeGreaterThanOrEqual(1);
    expect(await settleOpenDeposits(deps())).toBe(0);
    const [row] = await q<{ status: string; order: string | null }>(
      sql`select status, order_number as order from quote where number = ${s.number}`,
    );
    expect(row).toMatchObject({ status: 'accepted' });
    expect(await q(sql`select 1 from customer_order where email = ${s.email}`)).toHaveLength(1);
  });

  it('a deposit started for a version that was replaced is cancelled at Stripe, and given back if it was paid', async () => {
    const s = await sentQuote();
    const ref = intentOf((await s.accept()).json().data.payment.clientSecret);
    await stripe.confirm(ref, TEST_METHODS.visa);
    await adminCall(t, manager, 'POST', `/quotes/${s.number}/versions`, {
      baseVersion: 1,
      lines: [{ kind: 'custom', title: 'Design fee', priceCents: 210_000 }],
      deposit: { kind: 'percent', percent: 25 },
      expiresOn: inDays(7),
    });
    const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === ref);
    expect(refunds.map((r) => r.amount)).toEqual([s.deposit]);
    const [row] = await q<{ intent: string | null }>(
      sql`select intent_ref as intent from quote where number = ${s.number}`,
    );
    expect(row!.intent).toBeNull();
  });
});
