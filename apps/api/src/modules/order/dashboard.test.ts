import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@facet/contracts/admin';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, placeDiamondOrder, staffSession } from '../../test/staff.ts';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp();
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const list = async (query: string) => {
  const rows: Array<{ number: string; status: string; totalCents: number; refundedCents: number }> = [];
  for (let page = 1; ; page++) {
    const d = (await adminCall(t, manager, 'GET', `/orders?pageSize=100&page=${page}&${query}`)).json().data;
    rows.push(...d.rows);
    if (rows.length >= d.count) return { rows, count: d.count as number };
  }
};
const detail = async (number: string) => (await adminCall(t, manager, 'GET', `/orders/${number}`)).json().data;

/** A gift card bought on its own: money held for a later sale, not a sale. */
async function buyGiftCard() {
  const session = randomUUID();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: t.config.STORE_TIMEZONE }).format(new Date());
  const card = { amountCents: 25_000, recipientName: 'Ines', recipientEmail: 'ines@example.com', deliverOn: today };
  await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { 'x-session-id': session },
    payload: { kind: 'gift-card', card: { ...card, senderName: 'Marta', message: 'For you' } },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
    payload: orderBody('gift.buyer@example.com'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.number as string;
}

describe('dashboard', () => {
  it('revenue is net sales: pieces sold less discounts and refunds; not gift cards bought, not cancelled orders', async () => {
    const placed = [];
    for (let i = 0; i < 5; i++) placed.push(await placeDiamondOrder(t));
    const gift = await buyGiftCard();
    const step = async (number: string, path: string, body: object) => {
      const { version } = await detail(number);
      const res = await adminCall(t, manager, 'POST', `/orders/${number}/${path}`, { version, ...body });
      expect(res.statusCode, res.body).toBe(200);
    };
    await step(placed[0]!.number, 'status', { status: 'in_production' });
    await step(placed[1]!.number, 'cancel', { reason: 'Changed their mind', refund: true });
    // Cancelled and not refunded yet: the money is owed back, so it is not revenue either.
    await step(placed[3]!.number, 'cancel', { reason: 'Stone failed inspection', refund: false });
    await step(placed[2]!.number, 'refunds', { amountCents: 12_345, reason: 'Goodwill' });

    const d = (await adminCall(t, manager, 'GET', '/dashboard')).json().data;
    for (const s of ORDER_STATUSES) expect(d.queue[s] ?? 0, s).toBe((await list(`status=${s}`)).count);

    const all = await list('');
    const counted = all.rows.filter((r) => r.status !== 'cancelled' && r.number !== gift);
    const month = d.periods.find((p: { days: number }) => p.days === 30);
    expect(month.orders).toBe(counted.length);
    let expected = 0;
    for (const r of counted) {
      const o = await detail(r.number);
      const goods = o.totals.subtotalCents - o.totals.discountCents;
      expected += goods - Math.round((r.refundedCents * goods) / o.totals.totalCents);
    }
    expect(month.revenueCents).toBe(expected);
    expect(month.averageCents).toBe(Math.round(month.revenueCents / month.orders));
  });
});
