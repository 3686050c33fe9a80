import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession } from '../../test/staff.ts';
import { afterStockChange } from '../../cache/index.ts';
import {
  CONFIRM_STONE_STEPS,
  confirmSupplierStone,
  VOID_SUPPLIER_STEPS,
  voidSupplierOrder,
  voidUnconfirmed,
  type SupplierDeps,
} from './supplier-stones.ts';

// A diamond from a supplier's feed: the card is authorised, not charged, until staff confirm it
// with the supplier; a stone the supplier no longer has, or one not confirmed in time, voids the
// authorisation and the customer is e-mailed the closest stones still on sale.

let t: TestApp;
let manager: string;
let supplierId: number;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const deps = (): SupplierDeps => ({
  db: t.app.db,
  config: t.app.config,
  settings: t.app.storeSettings,
  outbox: t.app.outbox,
  payments: t.app.payments,
  onStonesReleased: afterStockChange(t.app, 'cancellation'),
});
const mails = (email: string) =>
  q<{ kind: string; subject: string; text: string }>(
    sql`select kind, subject, text_body as text from outbox_mail where to_address = ${email} order by id`,
  );

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000' });
  manager = (await staffSession(t, 'manager')).cookie;
  [{ id: supplierId }] = (await q<{ id: number }>(
    sql`insert into supplier (code, name) values ('SUPTEST', 'Test Supplier') returning id`,
  )) as [{ id: number }];
});
afterAll(() => t.close());

let picked = 0;
/** A guest's order of one diamond that its supplier's feed lists (a common one: it has neighbours). */
async function supplierOrder() {
  const [d] = await q<{ id: number }>(
    sql`select d.id from diamond d where d.status = 'available' and d.supplier_id is null and d.shape = 'Round'
      and (select count(*) from diamond a where a.shape = d.shape and a.origin = d.origin and a.status = 'available'
        and a.carat_points between d.carat_points * 0.9 and d.carat_points * 1.1
        and abs(a.color_rank - d.color_rank) <= 1 and abs(a.clarity_rank - d.clarity_rank) <= 1
        and a.price_cents between d.price_cents * 0.85 and d.price_cents * 1.15) >= 5
      order by d.id limit 1 offset ${picked++}`,
  );
  await t.database.db.execute(
    sql`update diamond set supplier_id = ${supplierId}, supplier_stock = ${`S-${d!.id}`} where id = ${d!.id}`,
  );
  const session = randomUUID();
  const email = `supplier.${randomUUID().slice(0, 8)}@example.com`;
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
    payload: orderBody(email),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { o: res.json().data, email, diamondId: d!.id };
}
const orderRow = async (number: string) =>
  (
    await q<{ paidCents: number; paymentState: string; status: string }>(
      sql`select paid_cents as "paidCents", payment_state as "paymentState", status from customer_order where number = ${number}`,
    )
  )[0]!;

describe("a supplier's stone", () => {
  it('is authorised, not charged, until staff confirm it; the confirmation charges it once', async () => {
    const { o, email, diamondId } = await supplierOrder();
    expect(o.payment.state).toBe('authorized');
    expect(Date.parse(o.supplierConfirmBy) - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect(await orderRow(o.number)).toMatchObject({ paidCents: 0, paymentState: 'authorized' });
    const [confirmation] = (await mails(email)).filter((m) => m.kind === 'order-confirmation');
    expect(confirmation!.text).toContain('authorised');
    expect(confirmation!.text).toContain('not charged until the supplier confirms it');
    // The back office shows which stone waits for its supplier.
    const staff = (await adminCall(t, manager, 'GET', `/orders/${o.number}`)).json().data;
    expect(staff.stones).toEqual([expect.objectContaining({ id: diamondId, supplier: true, confirmedAt: null })]);
    // Fulfilment staff may not move the money.
    const fulfilment = (await staffSession(t, 'fulfilment')).cookie;
    expect((await adminCall(t, fulfilment, 'POST', `/orders/${o.number}/stones/${diamondId}/confirm`)).statusCode).toBe(
      403,
    );
    const res = await adminCall(t, manager, 'POST', `/orders/${o.number}/stones/${diamondId}/confirm`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.captured).toBe(true);
    expect(await orderRow(o.number)).toMatchObject({ paidCents: o.totals.totalCents, paymentState: 'paid' });
    expect((await mails(email)).map((m) => m.kind)).toContain('order-supplier-confirmed');
    // Again (a double click): nothing more is taken.
    const again = await adminCall(t, manager, 'POST', `/orders/${o.number}/stones/${diamondId}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('is charged already');
  });

  it('the supplier no longer has it: voided, nothing charged, the three closest stones e-mailed', async () => {
    const { o, email, diamondId } = await supplierOrder();
    const res = await adminCall(t, manager, 'POST', `/orders/${o.number}/stones/${diamondId}/unavailable`);
    expect(res.statusCode, res.body).toBe(200);
    const alts = res.json().data.alternatives as Array<{ id: number; serial: string; priceCents: number }>;
    expect(alts).toHaveLength(3);
    const [gone] = await q<{
      status: string;
      shape: string;
      carat: number;
      color: number;
      clarity: number;
      price: number;
      origin: string;
    }>(
      sql`select status, shape, origin, carat_points as carat, color_rank as color, clarity_rank as clarity, price_cents as price from diamond where id = ${diamondId}`,
    );
    expect(gone!.status).toBe('withdrawn');
    for (const a of alts) {
      const [x] = await q<{
        status: string;
        shape: string;
        carat: number;
        color: number;
        clarity: number;
        price: number;
        origin: string;
      }>(
        sql`select status, shape, origin, carat_points as carat, color_rank as color, clarity_rank as clarity, price_cents as price from diamond where id = ${a.id}`,
      );
      expect(x).toMatchObject({ status: 'available', shape: gone!.shape, origin: gone!.origin });
      expect(Math.abs(x!.carat - gone!.carat)).toBeLessThanOrEqual(gone!.carat * 0.1);
      expect(Math.abs(x!.color - gone!.color)).toBeLessThanOrEqual(1);
      expect(Math.abs(x!.clarity - gone!.clarity)).toBeLessThanOrEqual(1);
      expect(Math.abs(x!.price - gone!.price)).toBeLessThanOrEqual(gone!.price * 0.15);
    }
    expect(await orderRow(o.number)).toMatchObject({ paidCents: 0, paymentState: 'expired', status: 'cancelled' });
    const [mail] = (await mails(email)).filter((m) => m.kind === 'order-supplier-void');
    expect(mail!.subject).toContain('nothing charged');
    for (const a of alts) expect(mail!.text).toContain(`/diamond/${a.serial}/`);
  });

  it('an authorisation not confirmed within the store’s hours is voided the same way', async () => {
    const { o, email, diamondId } = await supplierOrder();
    expect(await voidUnconfirmed(deps(), new Date(Date.now() + 47 * 3_600_000))).toBe(0);
    expect(await voidUnconfirmed(deps(), new Date(Date.now() + 49 * 3_600_000))).toBe(1);
    expect(await orderRow(o.number)).toMatchObject({ paymentState: 'expired', status: 'cancelled' });
    // Not confirmed is not gone: the stone is on sale again.
    const [d] = await q<{ status: string }>(sql`select status from diamond where id = ${diamondId}`);
    expect(d!.status).toBe('available');
    const [mail] = (await mails(email)).filter((m) => m.kind === 'order-supplier-void');
    expect(mail!.text).toContain('could not confirm');
  });

  it('a confirmation and a void at once: exactly one wins', async () => {
    const { o, diamondId } = await supplierOrder();
    const [confirm, gone] = await Promise.all([
      adminCall(t, manager, 'POST', `/orders/${o.number}/stones/${diamondId}/confirm`),
      adminCall(t, manager, 'POST', `/orders/${o.number}/stones/${diamondId}/unavailable`),
    ]);
    expect([confirm.statusCode, gone.statusCode].sort()).toEqual([200, 409]);
    const row = await orderRow(o.number);
    if (confirm.statusCode === 200) expect(row).toMatchObject({ paymentState: 'paid', paidCents: o.totals.totalCents });
    else expect(row).toMatchObject({ paymentState: 'expired', paidCents: 0 });
  });

  it('a failure after any step of a void changes nothing: still authorised, the stone still sold', async () => {
    for (const step of VOID_SUPPLIER_STEPS.map((x) => x.name)) {
      const { o, diamondId } = await supplierOrder();
      await expect(
        voidSupplierOrder(deps(), { id: null, email: 'test' }, o.number, diamondId, {
          afterStep: (_flow, name) => {
            if (name === step) throw new Error(`fault after ${step}`);
          },
        }),
      ).rejects.toThrow(`fault after ${step}`);
      expect(await orderRow(o.number)).toMatchObject({ paymentState: 'authorized', status: 'placed' });
      const [d] = await q<{ status: string }>(sql`select status from diamond where id = ${diamondId}`);
      expect(d!.status).toBe('sold');
    }
  });
});

describe('confirming a supplier stone, step by step', () => {
  it('a failure after any step leaves it authorised and unconfirmed; the retry captures the same way, once', async () => {
    for (const step of CONFIRM_STONE_STEPS.map((x) => x.name)) {
      const { o, diamondId } = await supplierOrder();
      const captures: string[] = [];
      const base = t.app.payments;
      const payments = {
        ...base,
        capture: async (ref: string, key: string) => {
          captures.push(key);
          return base.capture(ref, key);
        },
      } as typeof base;
      await expect(
        confirmSupplierStone({ ...deps(), payments }, { id: null, email: 'test' }, o.number, diamondId, {
          afterStep: (_f, name) => {
            if (name === step) throw new Error(`fault after ${step}`);
          },
        }),
      ).rejects.toThrow(`fault after ${step}`);
      expect(await orderRow(o.number), step).toMatchObject({ paymentState: 'authorized', paidCents: 0 });
      const [st] = await q<{ confirmedAt: Date | null }>(
        sql`select confirmed_at as "confirmedAt" from order_stone where stone_id = ${diamondId} and supplier`,
      );
      expect(st!.confirmedAt, step).toBeNull();
      expect(
        await confirmSupplierStone({ ...deps(), payments }, { id: null, email: 'test' }, o.number, diamondId),
      ).toEqual({
        captured: true,
      });
      expect(await orderRow(o.number), step).toMatchObject({ paymentState: 'paid', paidCents: o.totals.totalCents });
      // A capture retried after a failure carries the same key: the provider takes the money once.
      expect(new Set(captures).size, step).toBe(1);
    }
  });
});
