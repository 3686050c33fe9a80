import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays } from '@facet/contracts/payment-plans';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession } from '../../test/staff.ts';
import { DECLINING_SAVED_CARD } from '../payments/index.ts';
import { storeToday } from '../gift-cards/index.ts';
import { CHARGE_INSTALMENT_STEPS, chargeDueInstalments, dueAtLink, type LayawayDeps } from './layaway.ts';
import { runFlow, type FlowHooks } from '../../flow.ts';
import { payBalance } from './part-payments.ts';
import { sweepPlans } from './plan-sweeper.ts';

// Layaway: a deposit at checkout holds the stone, the rest is charged on the plan's days to the
// saved card (or paid at the link), a refused charge is tried again and e-mailed, and an instalment
// unpaid after the grace period cancels the order with the fee kept and the rest refunded.

let t: TestApp;
let manager: string;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const CARD = { name: 'Ada King', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
const DAY = 86_400_000;
const deps = (): LayawayDeps => ({
  db: t.app.db,
  config: t.app.config,
  settings: t.app.storeSettings,
  outbox: t.app.outbox,
  payments: t.app.payments,
});
const mails = (email: string) =>
  q<{ kind: string; subject: string; text: string }>(
    sql`select kind, subject, text_body as text from outbox_mail where to_address = ${email} order by id`,
  );
/** A day `days` after today on the store's calendar, at noon there (a sweep "then"). */
const dayAfter = (days: number) => new Date(Date.now() + days * DAY);

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000' });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

let picked = 0;
/** A layaway order of one diamond priced between $4,000 and $8,000. */
async function layawayOrder(extra: object = {}) {
  const [d] = await q<{ id: number; priceCents: number }>(
    sql`select id, price_cents as "priceCents" from diamond where status = 'available' and supplier_id is null
      and price_cents between 400000 and 800000 order by id limit 1 offset ${picked++}`,
  );
  const session = randomUUID();
  const email = `layaway.${randomUUID().slice(0, 8)}@example.com`;
  await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { 'x-session-id': session },
    payload: { kind: 'diamond', id: d!.id },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
    payload: orderBody(email, { plan: 'layaway', ...extra }),
  });
  return { res, email, diamondId: d!.id, session };
}

const orderRow = async (number: string) =>
  (
    await q<{ id: number; paidCents: number; totalCents: number; status: string; refundedCents: number }>(
      sql`select id, paid_cents as "paidCents", total_cents as "totalCents", status, refunded_cents as "refundedCents"
        from customer_order where number = ${number}`,
    )
  )[0]!;

describe('layaway', () => {
  it('charges the deposit now, takes the stone off sale, and shows the plan worked out once', async () => {
    const { res, email, diamondId } = await layawayOrder();
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().data;
    const total = o.totals.totalCents as number;
    expect(o.plan.depositCents).toBe(Math.round(total * 0.2));
    expect(o.plan.instalments).toHaveLength(6);
    expect(
      o.plan.depositCents + o.plan.instalments.reduce((s: number, i: { amountCents: number }) => s + i.amountCents, 0),
    ).toBe(total);
    expect(o.plan.instalments[0].dueOn).toBe(addDays(storeToday(t.app.config.STORE_TIMEZONE), 14));
    expect(o.plan.card).toBe('Visa ending 4242');
    expect(o.balance).toEqual({ paidCents: o.plan.depositCents, dueCents: total - o.plan.depositCents });
    const row = await orderRow(o.number);
    expect(row.paidCents).toBe(o.plan.depositCents);
    const [stone] = await q<{ status: string }>(sql`select status from diamond where id = ${diamondId}`);
    expect(stone!.status).toBe('sold');
    // The order page (the confirmation link) reads the same plan from the database.
    const page = await t.app.inject({ method: 'GET', url: `/api/order/${o.number}?token=${o.accessToken}` });
    expect(page.json().data.plan.instalments).toEqual(o.plan.instalments);
    const [confirmation] = (await mails(email)).filter((m) => m.kind === 'order-confirmation');
    expect(confirmation?.text).toContain('layaway');
  });

  it('is refused under the threshold, with gift cards, and when the store does not offer it', async () => {
    const [cheap] = await q<{ id: number }>(
      sql`select id from diamond where status = 'available' and price_cents < 80000 order by id limit 1`,
    );
    const session = randomUUID();
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': session },
      payload: { kind: 'diamond', id: cheap!.id },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
      payload: orderBody('under@example.com', { plan: 'layaway' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Layaway is for orders of $1,000 or more. Please choose to pay in full.');
    const gifts = await layawayOrder({ giftCards: ['ABCD-EFGH-JKMN-PQRS'] });
    expect(gifts.res.statusCode, gifts.res.body).toBe(422);
    expect(gifts.res.json().message).toContain('Gift cards cannot be bought or spent on layaway');
  });

  it('charges each instalment on its day to the saved card, once, and ships only when paid in full', async () => {
    const { res, email } = await layawayOrder();
    const o = res.json().data;
    const ship = async () => {
      const { version } = (await adminCall(t, manager, 'GET', `/orders/${o.number}`)).json().data;
      return adminCall(t, manager, 'POST', `/orders/${o.number}/status`, {
        version,
        status: 'shipped',
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      });
    };
    // Nothing is due before the first day.
    expect(await chargeDueInstalments(deps(), dayAfter(13))).toBe(0);
    // The first day: two instances sweep at once and the customer pays at the link too: one charge.
    const at = dayAfter(14);
    const [a, b, link] = await Promise.allSettled([
      chargeDueInstalments(deps(), at),
      chargeDueInstalments(deps(), at),
      payBalance({ ...deps() }, o.number, { userId: null, token: o.accessToken }, CARD),
    ]);
    expect(a.status).toBe('fulfilled');
    expect(b.status).toBe('fulfilled');
    expect(link.status).toBe('fulfilled');
    // Either the sweep charged instalment 1 (and the link then paid instalment 2 ahead), or the link
    // paid instalment 1 and the sweep found nothing due: never instalment 1 twice. (Other tests'
    // plans are charged by the same sweeps: this order's own rows are counted.)
    const rows = await q<{ seq: number; state: string; paidRef: string | null }>(
      sql`select seq, state, paid_ref as "paidRef" from order_instalment i join customer_order o on o.id = i.order_id
        where o.number = ${o.number} order by seq`,
    );
    expect(rows[0]!.state).toBe('paid');
    const bySweep = rows.filter((r) => r.paidRef?.startsWith('test_ch_')).length;
    const paid = rows.filter((r) => r.state === 'paid').length;
    expect(bySweep).toBeLessThanOrEqual(1);
    expect(paid).toBe(bySweep + 1);
    const credits = await q<{ n: number; cents: number }>(
      sql`select count(*)::int as n, sum(amount_cents)::int as cents from order_payment p join customer_order o on o.id = p.order_id
        where o.number = ${o.number} and p.kind = 'instalment'`,
    );
    expect(credits[0]!.n).toBe(paid);
    const row = await orderRow(o.number);
    expect(row.paidCents).toBe(o.plan.depositCents + credits[0]!.cents);
    const early = await ship();
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toContain('still to pay: it ships once paid in full');
    // The rest, on their days.
    for (let i = 0; i < 8; i++) await chargeDueInstalments(deps(), dayAfter(90));
    const after = await orderRow(o.number);
    expect(after.paidCents).toBe(after.totalCents);
    const receipts = (await mails(email)).filter((m) => m.kind === 'order-instalment-paid');
    expect(receipts.at(-1)!.subject).toBe(`Paid in full — order ${o.number}`);
    const page = (await t.app.inject({ method: 'GET', url: `/api/order/${o.number}?token=${o.accessToken}` })).json()
      .data;
    expect(page.plan.instalments.every((i: { state: string }) => i.state === 'paid')).toBe(true);
    expect(page.balance).toBeUndefined();
    // Paid in full: staff may now send it on its way.
    const { version } = (await adminCall(t, manager, 'GET', `/orders/${o.number}`)).json().data;
    for (const status of ['in_production', 'ready_to_ship'])
      await adminCall(t, manager, 'POST', `/orders/${o.number}/status`, {
        version: version + (status === 'in_production' ? 0 : 1),
        status,
      });
    expect((await ship()).statusCode).toBe(200);
  });

  it('a refused instalment is tried again the next day and e-mailed; past the grace period the order is cancelled, the fee kept', async () => {
    const { res, email, diamondId } = await layawayOrder();
    const o = res.json().data;
    const { id } = await orderRow(o.number);
    await t.database.db.execute(
      sql`update customer_order set saved_card = ${JSON.stringify({ ref: DECLINING_SAVED_CARD, customer: null, brand: 'Visa', last4: '4242' })}::jsonb where id = ${id}`,
    );
    expect(await chargeDueInstalments(deps(), dayAfter(14))).toBe(0);
    const refused = (await mails(email)).filter((m) => m.kind === 'order-instalment-refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.text).toContain(`/pay/${o.number}?token=`);
    expect(refused[0]!.subject).toContain(
      `$${(o.plan.instalments[0].amountCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    // Tried once a day: a second sweep the same day does not try again.
    await chargeDueInstalments(deps(), dayAfter(14));
    const [inst] = await q<{ attempts: number }>(
      sql`select attempts from order_instalment where order_id = ${id} and seq = 1`,
    );
    expect(inst!.attempts).toBe(1);
    // The account shows it late.
    const page = (await t.app.inject({ method: 'GET', url: `/api/order/${o.number}?token=${o.accessToken}` })).json()
      .data;
    expect(page.plan.instalments[0].state).toBe('due');
    // Within the grace period nothing is cancelled; after it, the store's rule applies.
    expect((await sweepPlans(t.app, dayAfter(14 + 14))).cancelled).toBe(0);
    const swept = await sweepPlans(t.app, dayAfter(14 + 15));
    expect(swept.cancelled).toBe(1);
    const after = await orderRow(o.number);
    expect(after.status).toBe('cancelled');
    const fee = t.app.storeSettings.current().layaway.feeCents;
    expect(after.refundedCents).toBe(o.plan.depositCents - fee);
    const [stone] = await q<{ status: string }>(sql`select status from diamond where id = ${diamondId}`);
    expect(stone!.status).toBe('available');
    const [cancelled] = (await mails(email)).filter((m) => m.kind === 'order-cancelled');
    expect(cancelled!.text).toContain('keeping the cancellation fee of $50.00');
    const states = await q<{ state: string }>(sql`select distinct state from order_instalment where order_id = ${id}`);
    expect(states.map((s) => s.state)).toEqual(['cancelled']);
  });

  it('lists every plan for the back office with what is late', async () => {
    const fresh = (await layawayOrder()).res.json().data;
    const res = await adminCall(t, manager, 'GET', '/layaway');
    expect(res.statusCode).toBe(200);
    const plans = res.json().data.plans as Array<{ state: string; number: string }>;
    expect(plans.length).toBeGreaterThanOrEqual(3);
    expect(new Set(plans.map((p) => p.state))).toEqual(new Set(['on-schedule', 'paid', 'cancelled']));
    const mine = plans.find((p) => p.number === fresh.number) as unknown as Record<string, unknown>;
    expect(mine).toMatchObject({
      state: 'on-schedule',
      paidCents: fresh.plan.depositCents,
      nextDueOn: fresh.plan.instalments[0].dueOn,
      nextCents: fresh.plan.instalments[0].amountCents,
      cardSaved: true,
    });
    expect((await adminCall(t, (await staffSession(t, 'fulfilment')).cookie, 'GET', '/layaway')).statusCode).toBe(200);
  });
});

describe('what the pay link asks on layaway', () => {
  const row = (seq: number, dueOn: string, amountCents: number, state: 'due' | 'paid' = 'due') =>
    ({ id: seq, seq, dueOn, amountCents, state }) as Parameters<typeof dueAtLink>[0][number];
  const rows = [row(1, '2026-12-13', 800, 'paid'), row(2, '2026-12-27', 800), row(3, '2027-01-10', 800)];
  it('the instalments due by today, or the next one ahead, or a change’s difference first', () => {
    expect(dueAtLink(rows, '2026-12-20', 1_600)).toMatchObject({ cents: 800, ids: [2], label: 'instalment 2 of 3' });
    expect(dueAtLink(rows, '2027-01-11', 1_600)).toMatchObject({ cents: 1_600, ids: [2, 3] });
    expect(dueAtLink(rows, '2027-01-11', 1_750)).toMatchObject({
      cents: 150,
      ids: [],
      label: 'the difference of your change',
    });
    expect(
      dueAtLink(
        rows.map((r) => ({ ...r, state: 'paid' as const })),
        '2027-02-01',
        0,
      ),
    ).toBeNull();
  });
});

describe('charging an instalment, step by step', () => {
  it('a failure after any step charges nothing that stays: the instalment is still due, the charge given back; the retry charges once', async () => {
    for (const step of CHARGE_INSTALMENT_STEPS.map((x) => x.name)) {
      const { res } = await layawayOrder();
      const o = res.json().data;
      const refunds: Array<{ ref: string; amountCents: number }> = [];
      const base = t.app.payments;
      const payments = {
        ...base,
        refund: async (r: { ref: string; amountCents: number; key: string }) => {
          refunds.push({ ref: r.ref, amountCents: r.amountCents });
          return base.refund(r);
        },
      } as typeof base;
      const now = dayAfter(14);
      const today = storeToday(t.app.config.STORE_TIMEZONE, now);
      const run = (hooks?: FlowHooks) =>
        t.app.db.transaction((tx) =>
          runFlow(
            'charge instalment',
            CHARGE_INSTALMENT_STEPS,
            { deps: { ...deps(), payments }, tx, number: o.number, today, now },
            hooks,
          ),
        );
      await expect(
        run({
          afterStep: (_f, name) => {
            if (name === step) throw new Error(`fault after ${step}`);
          },
        }),
      ).rejects.toThrow(`fault after ${step}`);
      const after = await orderRow(o.number);
      expect(after.paidCents, step).toBe(o.plan.depositCents);
      const [inst] = await q<{ state: string }>(
        sql`select state from order_instalment where order_id = ${after.id} and seq = 1`,
      );
      expect(inst!.state, step).toBe('due');
      // A charge taken before the failure went back, in full.
      expect(refunds, step).toEqual(
        step === 'read instalment'
          ? []
          : [{ ref: expect.stringMatching(/^test_ch_/), amountCents: o.plan.instalments[0].amountCents }],
      );
      const retried = await run();
      expect(retried.charged, step).toBeTruthy();
      expect((await orderRow(o.number)).paidCents, step).toBe(o.plan.depositCents + o.plan.instalments[0].amountCents);
    }
  });
});
