import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { placeOrderBody } from '@facet/contracts/commerce';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { testCardProvider, type CardProvider } from '../payments/index.ts';
import { PLACE_ORDER_STEPS } from './place-order.ts';
import { placeOrder, type OrderDeps } from './service.ts';
import { hashGiftCode, newGiftCode } from '../gift-cards/code.ts';

// Placing an order is a list of named steps; a failure after any one of them must leave nothing
// behind: no order, no sold or held stone, no authorised money, no e-mail, the cart as it was.

let t: TestApp;
const authorised = new Set<string>();
const voided = new Set<string>();
const base = testCardProvider();
const payments: CardProvider = {
  ...base,
  async authorize(req) {
    const a = await base.authorize(req);
    if (a.ok) authorised.add(a.ref);
    return a;
  },
  async void(ref) {
    voided.add(ref);
  },
};
let deps: OrderDeps;
beforeAll(async () => {
  t = await buildTestApp({}, { payments });
  // One piece sold from what is on hand, with enough for every step's attempt.
  await t.database.db.execute(sql`update product_group set stock_tracked = true where id =
    (select g.id from product_group g where g.published and not g.configurable and g.default_product_id > 0 order by g.id limit 1)`);
  await t.database.db.execute(
    sql`update product set stock = 100 where group_id in (select id from product_group where stock_tracked)`,
  );
  deps = {
    db: t.app.db,
    config: t.config,
    settings: t.app.storeSettings,
    outbox: t.app.outbox,
    payments,
    tax: t.app.tax,
    onStonesSold: () => {},
  };
});
afterAll(() => t.close());

const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q))[0]!;
/**
 * A cart with a loose diamond, a piece sold from what is on hand and a single-use discount code:
 * everything an order takes (a stone, stock, a code's use) is in it.
 */
async function cartWithDiamond() {
  const session = randomUUID();
  const d = await one<{ id: number }>(
    sql`select id from diamond where status = 'available' order by id limit 1 offset 3`,
  );
  const add = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'x-session-id': session }, payload });
  expect((await add({ kind: 'diamond', id: d.id })).statusCode).toBe(200);
  const piece = await one<{ id: number }>(sql`select p.id from product p join product_group g on g.id = p.group_id
    where g.stock_tracked and p.active order by p.id limit 1`);
  expect((await add({ kind: 'product', id: piece.id, quantity: 1 })).statusCode).toBe(200);
  const code = `STEP-${randomUUID().slice(0, 8).toUpperCase()}`;
  await t.database.db
    .execute(sql`insert into discount_code (code, name, kind, percent_bp, applies_to, max_uses, created_by)
    values (${code}, 'Ten off', 'percent', 1000, '{product}', 1, 'test')`);
  const applied = await t.app.inject({
    method: 'PUT',
    url: '/api/cart/discount',
    headers: { 'x-session-id': session },
    payload: { code },
  });
  expect(applied.statusCode, applied.body).toBe(200);
  // A $50 gift card pays part of it.
  const gift = newGiftCode();
  await t.database.db.execute(sql`insert into gift_card (code_hash, last4, initial_cents, balance_cents,
    recipient_name, recipient_email, sender_name, deliver_on, delivered_at, created_by)
    values (${hashGiftCode(gift)}, ${gift.slice(-4)}, 5000, 5000, 'Ada', 'ada@example.com', 'Facet', '2026-01-01', now(), 'test')`);
  return { session, diamondId: d.id, pieceId: piece.id, code, gift };
}
const counts = async () =>
  one<{ orders: number; mails: number; stones: number; redemptions: number; giftMoves: number }>(sql`
    select (select count(*)::int from customer_order) as orders, (select count(*)::int from outbox_mail) as mails,
      (select count(*)::int from order_stone) as stones, (select count(*)::int from discount_redemption) as redemptions,
      (select count(*)::int from gift_card_entry) + (select count(*)::int from gift_card_payment) as "giftMoves"`);
const stockAndUses = (pieceId: number, code: string, gift: string) =>
  one<{
    stock: number;
    uses: number;
    gift: number;
  }>(sql`select (select stock from product where id = ${pieceId}) as stock,
    (select uses from discount_code where code = ${code}) as uses,
    (select balance_cents from gift_card where code_hash = ${hashGiftCode(gift)}) as gift`);

describe('placing an order, step by step', () => {
  it('names its steps in the order they run', () => {
    expect(PLACE_ORDER_STEPS.map((s) => s.name)).toEqual([
      'claim key',
      'load cart',
      'check cart',
      'take stones',
      'record order',
      'spend gift cards',
      'redeem codes',
      'record lines',
      'record plan',
      'pay',
      'finalize',
      'queue mails',
      'tidy up',
    ]);
  });

  for (const step of PLACE_ORDER_STEPS.map((s) => s.name))
    it(`a failure after "${step}" leaves no half order, no held stone, no authorised money, no e-mail`, async () => {
      const { session, diamondId, pieceId, code, gift } = await cartWithDiamond();
      authorised.clear();
      voided.clear();
      const before = await counts();
      const held = await stockAndUses(pieceId, code, gift);
      const input = placeOrderBody.parse(orderBody('fail@example.com', { giftCards: [gift] }));
      await expect(
        placeOrder(deps, { userId: null, sessionId: session }, randomUUID(), input, {
          afterStep: (_flow, name) => {
            if (name === step) throw new Error(`injected after ${step}`);
          },
        }),
      ).rejects.toThrow(`injected after ${step}`);
      expect(await counts()).toEqual(before);
      expect(await stockAndUses(pieceId, code, gift), 'no stock taken, no use of the code, no gift card spent').toEqual(
        held,
      );
      const stone = await one<{ status: string; held: boolean }>(
        sql`select status, hold_reason is not null as held from diamond where id = ${diamondId}`,
      );
      expect(stone).toEqual({ status: 'available', held: false });
      // Money asked for (from "pay" on) is released; before it, none was asked for.
      const paid =
        PLACE_ORDER_STEPS.findIndex((s) => s.name === step) >= PLACE_ORDER_STEPS.findIndex((s) => s.name === 'pay');
      expect(authorised.size).toBe(paid ? 1 : 0);
      expect([...authorised].filter((ref) => !voided.has(ref))).toEqual([]);
      // The cart is as it was: the same order goes through now.
      const order = await placeOrder(deps, { userId: null, sessionId: session }, randomUUID(), input);
      expect(order.number).toMatch(/^FCT-/);
      const after = await counts();
      expect(after.orders).toBe(before.orders + 1);
      expect(after.mails).toBe(before.mails + 2);
      // The single-use code was still there to use, and the piece's stock to take.
      expect(await stockAndUses(pieceId, code, gift)).toEqual({ stock: held.stock - 1, uses: 1, gift: 0 });
    });
});
