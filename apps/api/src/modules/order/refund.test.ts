import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, placeDiamondOrder, staffSession } from '../../test/staff.ts';
import { CANCEL_STEPS, cancelOrder, REFUND_STEPS, refundOrder, type BackOfficeDeps } from './back-office.ts';
import { testCardProvider, type PaymentProvider } from '../payments/index.ts';

// A refund (and a cancellation, which may refund) is a flow of named steps inside the order's transaction. A failure after any step
// leaves the order as it was (nothing recorded, no e-mail); the money itself, once the provider
// has sent it back, cannot be taken back, so a retry of the same refund must be the same refund
// at the provider (its key) and be recorded once.

let t: TestApp;
let manager: { email: string; cookie: string };
let deps: BackOfficeDeps;
/** Refunds the provider made, by key: a retried key is the same refund, as Stripe's idempotency keys make it. */
const refunds = new Map<string, number>();
const base = testCardProvider();
const payments: PaymentProvider = {
  ...base,
  async refund(req) {
    refunds.set(req.key, (refunds.get(req.key) ?? 0) + 1);
    return base.refund(req);
  },
};

beforeAll(async () => {
  t = await buildTestApp({}, { payments });
  manager = await staffSession(t, 'manager');
  deps = {
    db: t.app.db,
    config: t.config,
    settings: t.app.storeSettings,
    outbox: t.app.outbox,
    payments,
    onStonesReleased: () => {},
  };
});
afterAll(() => t.close());

const stateOf = async (number: string, email: string) =>
  rowsOf<{ version: number; refunded: number; refunds: number; mails: number; events: number }>(
    await t.database.db.execute(sql`select o.version, o.refunded_cents as refunded,
      (select count(*)::int from order_refund r where r.order_id = o.id) as refunds,
      (select count(*)::int from outbox_mail m where m.to_address = ${email}) as mails,
      (select count(*)::int from order_event e where e.order_id = o.id and e.type = 'refund') as events
      from customer_order o where o.number = ${number}`),
  )[0]!;

describe('a refund, step by step', () => {
  it('names its steps in the order they run', () => {
    expect(REFUND_STEPS.map((s) => s.name)).toEqual([
      'check amount',
      'record total',
      'gift cards',
      'pay back',
      'record refund',
      'tell customer',
    ]);
  });

  const payBack = REFUND_STEPS.findIndex((s) => s.name === 'pay back');
  for (const [at, step] of REFUND_STEPS.map((s, i) => [i, s.name] as const))
    it(`a failure after "${step}" records nothing and tells nobody; the same refund then goes through once`, async () => {
      const { number, email } = await placeDiamondOrder(t);
      const before = await stateOf(number, email);
      const input = { version: before.version, amountCents: 2_500, reason: 'Scratch on the band' };
      const key = `${number}-v${before.version}`;
      await expect(
        refundOrder(deps, { id: null, email: manager.email }, number, input, {
          afterStep: (_flow, name) => {
            if (name === step) throw new Error(`injected after ${step}`);
          },
        }),
      ).rejects.toThrow(`injected after ${step}`);
      expect(await stateOf(number, email)).toEqual(before);
      // Before the provider is asked nothing has gone back; after, it has, once, under the key.
      expect(refunds.get(key) ?? 0).toBe(at >= payBack ? 1 : 0);
      // Staff try again from the page they had open (the same version, so the same key).
      const again = await adminCall(t, manager.cookie, 'POST', `/orders/${number}/refunds`, input);
      expect(again.statusCode, again.body).toBe(200);
      const after = await stateOf(number, email);
      expect(after).toMatchObject({
        refunded: before.refunded + 2_500,
        refunds: 1,
        events: 1,
        mails: before.mails + 1,
      });
      // One refund at the provider: the retry reused the key.
      expect([...refunds.keys()].filter((k) => k.startsWith(number))).toEqual([key]);
      const [row] = rowsOf<{ ref: string }>(
        await t.database.db.execute(sql`select r.provider_ref as ref from order_refund r
          join customer_order o on o.id = r.order_id where o.number = ${number}`),
      );
      expect(row!.ref).toBe(`test_re_${key}`);
    });
});

describe('a cancellation with a refund, step by step', () => {
  it('names its steps in the order they run', () => {
    expect(CANCEL_STEPS.map((s) => s.name)).toEqual([
      'mark cancelled',
      'release unpaid payment',
      'release stones',
      'return stock',
      'give back code',
      'stop instalments',
      'record',
      'refund',
      'tell customer',
    ]);
  });

  const stone = async (id: number) =>
    rowsOf<{ status: string }>(await t.database.db.execute(sql`select status from diamond where id = ${id}`))[0]!
      .status;
  const refundAt = CANCEL_STEPS.findIndex((s) => s.name === 'refund');
  for (const [at, step] of CANCEL_STEPS.map((s, i) => [i, s.name] as const))
    it(`a failure after "${step}" leaves the order placed, its stone sold and nothing said; the same cancel then goes through`, async () => {
      const { number, email, diamondId } = await placeDiamondOrder(t);
      const before = await stateOf(number, email);
      const status = async () =>
        rowsOf<{ status: string }>(
          await t.database.db.execute(sql`select status from customer_order where number = ${number}`),
        )[0]!.status;
      const placed = await status();
      const sold = await stone(diamondId);
      const input = { version: before.version, reason: 'The customer changed her mind', refund: true };
      await expect(
        cancelOrder(deps, { id: null, email: manager.email, role: 'manager' }, number, input, {
          afterStep: (flow, name) => {
            if (flow === 'cancel order' && name === step) throw new Error(`injected after ${step}`);
          },
        }),
      ).rejects.toThrow(`injected after ${step}`);
      expect(await stateOf(number, email)).toEqual(before);
      expect(await status()).toBe(placed);
      expect(await stone(diamondId)).toBe(sold);
      expect(refunds.get(`${number}-cancel`) ?? 0).toBe(at >= refundAt ? 1 : 0);
      const again = await adminCall(t, manager.cookie, 'POST', `/orders/${number}/cancel`, input);
      expect(again.statusCode, again.body).toBe(200);
      expect(await status()).toBe('cancelled');
      expect(await stone(diamondId)).toBe('available');
      const after = await stateOf(number, email);
      expect(after).toMatchObject({ refunds: 1, events: 1, mails: before.mails + 1 });
      expect(after.refunded).toBeGreaterThan(0);
      expect([...refunds.keys()].filter((k) => k.startsWith(number))).toEqual([`${number}-cancel`]);
    });
});
