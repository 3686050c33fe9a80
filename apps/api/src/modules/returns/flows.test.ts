import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession, stepOrder } from '../../test/staff.ts';
import { testCardProvider, type PaymentProvider } from '../payments/index.ts';
import { inspectReturn, PAY_DIFFERENCE_STEPS, payDifference, RETURN_STEP_STEPS, type ReturnsDeps } from './service.ts';

// A return's staff steps and an exchange's paid difference are flows of named steps in one
// transaction. A failure after any step leaves the return, both orders, the stock and the outbox
// as they were; a difference already taken from the card is given back.

let t: TestApp;
let owner: { email: string; cookie: string };
/** Payments the test provider voided: what the exchange flow gives back. */
const voided: string[] = [];
const base = testCardProvider();
const payments: PaymentProvider = {
  ...base,
  async void(ref) {
    voided.push(ref);
    return base.void(ref);
  },
};
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const failAfter = (step: string) => ({
  afterStep: (_flow: string, name: string) => {
    if (name === step) throw new Error(`injected after ${step}`);
  },
});
let deps: ReturnsDeps;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000', RATE_LIMIT_FORM_MAX: '1000' }, { payments });
  owner = await staffSession(t, 'owner');
  deps = {
    db: t.app.db,
    media: t.app.media,
    config: t.config,
    settings: t.app.storeSettings,
    outbox: t.app.outbox,
    payments,
    onStonesReleased: () => {},
  };
});
afterAll(() => t.close());

/** A delivered guest order of two shelf chains (stock counted), one asked back: taken by staff to `upTo`. */
async function returnOfChain(resolution: 'refund' | 'exchange', upTo: readonly string[]) {
  const [chain] = await q<{ id: number }>(sql`select p.id from product p join product_group g on g.id = p.group_id
    where g.kind = 'chain' and g.published and not g.configurable and p.active order by p.id limit 1`);
  await t.database.db.execute(sql`update product_group g set stock_tracked = true from product p
    where p.group_id = g.id and p.id = ${chain!.id}`);
  await t.database.db.execute(sql`update product set stock = 20 where id = ${chain!.id}`);
  const session = randomUUID();
  const add = await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { 'x-session-id': session },
    payload: { kind: 'product', id: chain!.id, quantity: 2 },
  });
  expect(add.statusCode, add.body).toBe(200);
  const email = `flows.${randomUUID().slice(0, 8)}@example.com`;
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
    payload: orderBody(email),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const number = placed.json().data.number as string;
  await stepOrder(t, owner.cookie, number, ['in_production', 'ready_to_ship', 'shipped', 'delivered']);
  const [mail] = await q<{ text: string }>(
    sql`select text_body as text from outbox_mail where to_address = ${email} and kind = 'order-delivered'`,
  );
  const token = decodeURIComponent(/\/orders\/FCT-\w+\/return\?token=([\w%-]+)/.exec(mail!.text)![1]!);
  const asked = await t.app.inject({
    method: 'POST',
    url: `/api/order/${number}/returns?token=${encodeURIComponent(token)}`,
    payload: {
      lines: [{ line: 0, quantity: 1 }],
      reason: 'does-not-fit',
      resolution,
      ...(resolution === 'exchange' ? { exchangeFor: 'A longer chain' } : {}),
    },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const rma = asked.json().data.returns[0].number as string;
  const steps = {
    approve: { message: 'Send it back insured.' },
    receive: {},
    inspect: { condition: 'as-expected', restock: true },
  };
  for (const path of upTo) {
    const now = (await adminCall(t, owner.cookie, 'GET', `/returns/${rma}`)).json().data;
    const res = await adminCall(t, owner.cookie, 'POST', `/returns/${rma}/${path}`, {
      version: now.version,
      ...steps[path as keyof typeof steps],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { number, email, token, rma, chainId: chain!.id };
}

/** What a failed flow must leave as it was. */
const snapshot = async (rma: string, email: string, chainId: number) =>
  (
    await q<Record<string, unknown>>(sql`select r.status, r.version, r.exchange_order_id as "exchangeOrder",
      (select stock from product where id = ${chainId}) as stock,
      (select count(*)::int from outbox_mail m where m.to_address = ${email}) as mails,
      (select count(*)::int from order_event e where e.order_id = r.order_id) as events,
      (select count(*)::int from audit_log a where a.entity_id = r.number) as audits,
      (select count(*)::int from customer_order o where o.exchange_of_order_id = r.order_id) as replacements,
      (select refunded_cents from customer_order o where o.id = r.order_id) as refunded
      from return_request r where r.number = ${rma}`)
  )[0]!;

describe('a staff step on a return, as a flow', () => {
  it('names its steps in the order they run', () => {
    expect(RETURN_STEP_STEPS.map((s) => s.name)).toEqual([
      'lock return',
      'do the step',
      'record status',
      'note on order',
      'audit',
      'tell customer',
    ]);
  });

  for (const { name } of RETURN_STEP_STEPS)
    it(`inspection with restocking: a failure after "${name}" restocks nothing, records nothing, tells nobody`, async () => {
      const r = await returnOfChain('refund', ['approve', 'receive']);
      const before = await snapshot(r.rma, r.email, r.chainId);
      const body = { version: before.version as number, condition: 'as-expected' as const, restock: true, note: '' };
      const actor = { id: null, email: owner.email };
      await expect(inspectReturn({ ...deps, hooks: failAfter(name) }, actor, r.rma, body)).rejects.toThrow(
        `injected after ${name}`,
      );
      expect(await snapshot(r.rma, r.email, r.chainId)).toEqual(before);
      // The same step from the page staff had open then goes through, once: the piece is back on the shelf.
      const done = await inspectReturn(deps, actor, r.rma, body);
      expect(done.status).toBe('inspected');
      const after = await snapshot(r.rma, r.email, r.chainId);
      expect(after).toMatchObject({ stock: (before.stock as number) + 1, mails: (before.mails as number) + 1 });
      expect(after.events).toBe((before.events as number) + 1);
    });
});

describe("an exchange's difference paid by the shopper, as a flow", () => {
  it('names its steps in the order they run', () => {
    expect(PAY_DIFFERENCE_STEPS.map((s) => s.name)).toEqual([
      'take payment',
      'lock return',
      'place replacement',
      'record return',
      'tell customer',
    ]);
  });

  const card = { name: 'Ada King', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
  for (const { name } of PAY_DIFFERENCE_STEPS)
    it(`a failure after "${name}" makes no replacement, moves no credit and gives the payment back`, async () => {
      const r = await returnOfChain('exchange', ['approve', 'receive', 'inspect']);
      const staff = (await adminCall(t, owner.cookie, 'GET', `/returns/${r.rma}`)).json().data;
      const credit = staff.quote.goodsCents + staff.quote.taxCents;
      const [pricier] = await q<{
        sku: string;
      }>(sql`select p.sku from product p join product_group g on g.id = p.group_id
        where g.published and not g.configurable and not g.stock_tracked and p.active and p.price_cents > ${credit + 20_000}
        order by p.price_cents limit 1`);
      const offered = await adminCall(t, owner.cookie, 'POST', `/returns/${r.rma}/exchange`, {
        version: staff.version,
        lines: [{ sku: pricier!.sku, quantity: 1 }],
      });
      expect(offered.json().data.status, offered.body).toBe('awaiting-payment');
      const before = await snapshot(r.rma, r.email, r.chainId);
      const voidedBefore = voided.length;
      const who = { userId: null, token: r.token };
      await expect(payDifference({ ...deps, hooks: failAfter(name) }, r.number, r.rma, who, { card })).rejects.toThrow(
        `injected after ${name}`,
      );
      expect(await snapshot(r.rma, r.email, r.chainId)).toEqual(before);
      // The card was charged by the first step: every failure gives that payment back, once.
      expect(voided.length).toBe(voidedBefore + 1);
      // Paying again goes through once: the replacement is made and the return exchanged.
      const paid = await payDifference(deps, r.number, r.rma, who, { card });
      expect(paid.returns[0]).toMatchObject({ status: 'exchanged' });
      expect(await snapshot(r.rma, r.email, r.chainId)).toMatchObject({ status: 'exchanged', replacements: 1 });
      expect(voided.length).toBe(voidedBefore + 1);
    });
});
