import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession } from '../../test/staff.ts';
import { testCardProvider, type PaymentProvider } from '../payments/index.ts';
import { CHANGE_STEPS, changeOrder, type ChangeDeps } from './changes.ts';
import { PAY_BALANCE_STEPS, payBalance } from './part-payments.ts';

// A ring changed before it is made: the new total worked out first, then the change made; more
// to pay goes on the order's balance (pay link), less is refunded at once; once in production only
// staff may, with a note.

let t: TestApp;
let manager: string;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const CARD = { name: 'Ada King', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
const BAND = { groupId: 900001, metal: '14KW', size: 7, stones: [] };

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000' });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

/** What the configurator charges for the band in `size` today (a cart line of its own). */
const bandPrice = async (size: number) => {
  const s = randomUUID();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { 'x-session-id': s },
    payload: { kind: 'configured', configuration: { ...BAND, size } },
  });
  return res.json().data.lines[0].unitPriceCents as number;
};

async function bandOrder() {
  const session = randomUUID();
  const email = `change.${randomUUID().slice(0, 8)}@example.com`;
  await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { 'x-session-id': session },
    payload: { kind: 'configured', configuration: BAND },
  });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
    payload: orderBody(email),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const o = placed.json().data;
  return {
    number: o.number as string,
    token: o.accessToken as string,
    email,
    totalCents: o.totals.totalCents as number,
  };
}
const change = (number: string, token: string, size: number, preview = false) =>
  t.app.inject({
    method: 'POST',
    url: `/api/order/${number}/changes`,
    payload: { token, change: { line: 0, size }, preview },
  });
const orderRow = async (number: string) =>
  (
    await q<{ total: number; paid: number; refunded: number; subtotal: number; tax: number; status: string }>(
      sql`select total_cents as total, paid_cents as paid, refunded_cents as refunded, subtotal_cents as subtotal,
        tax_cents as tax, status from customer_order where number = ${number}`,
    )
  )[0]!;

describe('changing a ring before it is made', () => {
  it('a larger size: previewed, made, the difference asked for by the pay link and paid; a smaller one refunded', async () => {
    expect(CHANGE_STEPS.map((s) => s.name)).toEqual(['check order', 'rewrite line', 'settle difference']);
    const o = await bandOrder();
    const [p7, p10] = [await bandPrice(7), await bandPrice(10)];
    expect(p10).toBeGreaterThan(p7);

    const preview = await change(o.number, o.token, 10, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().data;
    expect(p).toMatchObject({ made: false, before: { size: 7 }, after: { size: 10, unitPriceCents: p10 } });
    expect(p.differenceCents).toBe(p.totalAfterCents - p.totalBeforeCents);
    expect(p.differenceCents).toBeGreaterThan(p10 - p7 - 1);
    expect(p.options.sizes).toContain(10);
    // A preview changes nothing.
    expect((await orderRow(o.number)).total).toBe(o.totalCents);

    const made = await change(o.number, o.token, 10);
    expect(made.statusCode, made.body).toBe(200);
    const m = made.json().data;
    expect(m).toMatchObject({ made: true, differenceCents: p.differenceCents, totalAfterCents: p.totalAfterCents });
    const row = await orderRow(o.number);
    expect(row).toMatchObject({ total: p.totalAfterCents, paid: o.totalCents });
    expect(row.total).toBe(row.subtotal + row.tax);
    // The order page says what is left; the mail carries the link; paying it pays exactly the difference.
    const page = await t.app.inject({ method: 'GET', url: `/api/order/${o.number}?token=${o.token}` });
    expect(page.json().data.balance).toEqual({ paidCents: o.totalCents, dueCents: p.differenceCents });
    expect(page.json().data.timeline.map((e: { label: string }) => e.label)).toContain(
      `Changed: ${p.before.title} → ${p.after.title}`,
    );
    // The order's own link opens what is left to pay too (the order page's "Pay" button); a stranger's does not.
    const viaOrderLink = await t.app.inject({ method: 'GET', url: `/api/order/${o.number}/balance?token=${o.token}` });
    expect(viaOrderLink.json().data.balanceCents).toBe(p.differenceCents);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/order/${o.number}/balance?token=${'x'.repeat(32)}` })).statusCode,
    ).toBe(404);
    const [mail] = await q<{ text: string }>(
      sql`select text_body as text from outbox_mail where to_address = ${o.email} and kind = 'order-change-due'`,
    );
    const balanceToken = /\/pay\/FCT-\w+\?token=([\w-]+)/.exec(mail!.text)![1]!;
    expect(m.payUrl).toContain(balanceToken);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/order/${o.number}/balance`,
      payload: { token: balanceToken, card: CARD },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.payments.at(-1).amountCents).toBe(p.differenceCents);
    expect(await orderRow(o.number)).toMatchObject({ paid: p.totalAfterCents, total: p.totalAfterCents });

    // Back down to 7: the difference goes back at once.
    const down = await change(o.number, o.token, 7);
    expect(down.statusCode, down.body).toBe(200);
    const back = -down.json().data.differenceCents;
    expect(back).toBeGreaterThan(0);
    const after = await orderRow(o.number);
    expect(after.refunded).toBe(back);
    expect(after.paid - after.refunded).toBe(after.total);
  });

  it('a refund after a paid difference goes back to the checkout payment first, then to the difference', async () => {
    const o = await bandOrder();
    const p = (await change(o.number, o.token, 10)).json().data;
    const paidDiff = await t.app.inject({
      method: 'POST',
      url: `/api/order/${o.number}/balance`,
      payload: { token: o.token, card: CARD },
    });
    expect(paidDiff.statusCode, paidDiff.body).toBe(200);
    // A refund larger than the difference goes back to the checkout payment first, then the difference's.
    const partial = p.totalBeforeCents - 100;
    const staffRefund = await adminCall(t, manager, 'POST', `/orders/${o.number}/refunds`, {
      version: (await adminCall(t, manager, 'GET', `/orders/${o.number}`)).json().data.version,
      amountCents: partial,
      reason: 'Goodwill',
    });
    expect(staffRefund.statusCode, staffRefund.body).toBe(200);
    const [diffRow] = await q<{ refunded: number }>(sql`select p.refunded_cents as refunded from order_payment p
      join customer_order o on o.id = p.order_id where o.number = ${o.number}`);
    expect(diffRow!.refunded).toBe(0);
    const more = await adminCall(t, manager, 'POST', `/orders/${o.number}/refunds`, {
      version: (await adminCall(t, manager, 'GET', `/orders/${o.number}`)).json().data.version,
      amountCents: 100 + 50,
      reason: 'Goodwill',
    });
    expect(more.statusCode, more.body).toBe(200);
    const [diffAfter] = await q<{ refunded: number }>(sql`select p.refunded_cents as refunded from order_payment p
      join customer_order o on o.id = p.order_id where o.number = ${o.number}`);
    expect(diffAfter!.refunded).toBe(50);
  });

  it('in production: refused to the customer with the reason; staff only with a note', async () => {
    const o = await bandOrder();
    const read = async () => (await adminCall(t, manager, 'GET', `/orders/${o.number}`)).json().data;
    await adminCall(t, manager, 'POST', `/orders/${o.number}/status`, {
      version: (await read()).version,
      status: 'in_production',
    });
    const refused = await change(o.number, o.token, 9);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('already being made');
    const staff = (note: string) =>
      read().then((x) =>
        adminCall(t, manager, 'POST', `/orders/${o.number}/changes`, {
          version: x.version,
          change: { line: 0, size: 9 },
          note,
        }),
      );
    const noNote = await staff('');
    expect(noNote.statusCode).toBe(422);
    const withNote = await staff('Customer called: the ring was measured again at the counter.');
    expect(withNote.statusCode, withNote.body).toBe(200);
    expect(withNote.json().data.made).toBe(true);
    const events = (await read()).events.map((e: { type: string }) => e.type);
    expect(events).toContain('change');
    const fulfilment = (await staffSession(t, 'fulfilment')).cookie;
    const forbidden = await adminCall(t, fulfilment, 'POST', `/orders/${o.number}/changes`, {
      version: (await read()).version,
      change: { line: 0, size: 8 },
      note: 'x',
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('refuses a line that is not a made-to-order ring, and a size the design is not made in', async () => {
    const o = await bandOrder();
    const bad = await change(o.number, o.token, 15.75, true);
    expect(bad.statusCode).toBe(422);
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/order/${o.number}/changes`,
      payload: { token: o.token, change: { line: 3, size: 8 } },
    });
    expect(none.statusCode).toBe(422);
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/order/${o.number}/changes`,
      payload: { token: 'not-the-token', change: { line: 0, size: 8 } },
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('a change and a balance payment, step by step', () => {
  const refunds: string[] = [];
  const voided: string[] = [];
  const base = testCardProvider();
  const payments: PaymentProvider = {
    ...base,
    void: async (ref) => {
      voided.push(ref);
    },
    refund: async (r) => {
      refunds.push(r.key);
      return base.refund(r);
    },
  };
  const deps = (): ChangeDeps => ({
    db: t.app.db,
    config: t.config,
    settings: t.app.storeSettings,
    outbox: t.app.outbox,
    payments,
    tax: t.app.tax,
    onStonesReleased: () => {},
  });
  const state = async (number: string) =>
    (
      await q<Record<string, unknown>>(sql`select o.total_cents as total, o.paid_cents as paid,
        o.refunded_cents as refunded, o.version,
        (select string_agg(l.title || l.unit_price_cents, '|') from order_line l where l.order_id = o.id) as lines,
        (select count(*)::int from order_event e where e.order_id = o.id) as events,
        (select count(*)::int from order_payment p where p.order_id = o.id) as payments,
        (select count(*)::int from outbox_mail m where m.to_address = o.email) as mails
        from customer_order o where o.number = ${number}`)
    )[0]!;
  const fail = (step: string) => ({
    afterStep: (_flow: string, name: string) => {
      if (name === step) throw new Error(`injected after ${step}`);
    },
  });

  for (const { name } of CHANGE_STEPS)
    it(`a change that fails after "${name}" changes nothing and gives nothing back twice; the same change then goes through`, async () => {
      const o = await bandOrder();
      const who = { customer: { userId: null, token: o.token } };
      // Down a size from 10 (a refund) once it was paid at 10: every step has work to do.
      const up = await change(o.number, o.token, 10);
      const [mail] = await q<{ text: string }>(
        sql`select text_body as text from outbox_mail where to_address = ${o.email} and kind = 'order-change-due'`,
      );
      const balanceToken = /\/pay\/FCT-\w+\?token=([\w-]+)/.exec(mail!.text)![1]!;
      await payBalance(deps(), o.number, { userId: null, token: balanceToken }, CARD);
      expect(up.statusCode).toBe(200);
      const before = await state(o.number);
      await expect(changeOrder(deps(), o.number, { line: 0, size: 7 }, who, fail(name))).rejects.toThrow(
        `injected after ${name}`,
      );
      expect(await state(o.number)).toEqual(before);
      const keys = refunds.filter((k) => k.startsWith(`change:${o.number}`));
      const made = await changeOrder(deps(), o.number, { line: 0, size: 7 }, who);
      expect(made.differenceCents).toBeLessThan(0);
      // A refund the provider made before the failure is the same refund on the retry (its key).
      expect(new Set(refunds.filter((k) => k.startsWith(`change:${o.number}`))).size).toBe(
        Math.max(1, new Set(keys).size),
      );
      expect((await state(o.number)).refunded).toBe(-made.differenceCents);
    });

  for (const { name } of PAY_BALANCE_STEPS)
    it(`a balance payment that fails after "${name}" credits nothing and voids what it took; paying again then works once`, async () => {
      const o = await bandOrder();
      await change(o.number, o.token, 10);
      const who = { userId: null, token: o.token };
      const before = await state(o.number);
      const voidedBefore = voided.length;
      await expect(payBalance(deps(), o.number, who, CARD, fail(name))).rejects.toThrow(`injected after ${name}`);
      expect(await state(o.number)).toEqual(before);
      // What the card paid goes back once a payment was taken (every step from "take payment" on).
      const took = PAY_BALANCE_STEPS.findIndex((s) => s.name === name) >= 1;
      expect(voided.length - voidedBefore).toBe(took ? 1 : 0);
      const paid = await payBalance(deps(), o.number, who, CARD);
      expect(paid.balanceCents).toBe(0);
      expect((await state(o.number)).payments).toBe(1);
    });
});
