import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@facet/contracts/admin';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, placeDiamondOrder, staffSession } from '../../test/staff.ts';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp();
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const list = async (query: string) => {
  const rows: Array<{ status: string; totalCents: number; refundedCents: number }> = [];
  for (let page = 1; ; page++) {
    const d = (await adminCall(t, manager, 'GET', `/orders?pageSize=100&page=${page}&${query}`)).json().data;
    rows.push(...d.rows);
    if (rows.length >= d.count) return { rows, count: d.count as number };
  }
};

describe('dashboard', () => {
  it('agrees with the order list: the work queue per status, orders and revenue of the period', async () => {
    const placed = [];
    for (let i = 0; i < 4; i++) placed.push(await placeDiamondOrder(t));
    const step = async (number: string, path: string, body: object) => {
      const { version } = (await adminCall(t, manager, 'GET', `/orders/${number}`)).json().data;
      expect((await adminCall(t, manager, 'POST', `/orders/${number}/${path}`, { version, ...body })).statusCode).toBe(
        200,
      );
    };
    await step(placed[0]!.number, 'status', { status: 'in_production' });
    await step(placed[1]!.number, 'cancel', { reason: 'Changed their mind' });
    await step(placed[2]!.number, 'refunds', { amountCents: 12_345, reason: 'Goodwill' });

    const d = (await adminCall(t, manager, 'GET', '/dashboard')).json().data;
    for (const s of ORDER_STATUSES) expect(d.queue[s] ?? 0, s).toBe((await list(`status=${s}`)).count);

    const all = await list('');
    const live = all.rows.filter((r) => r.status !== 'cancelled');
    const month = d.periods.find((p: { days: number }) => p.days === 30);
    expect(month.orders).toBe(live.length);
    // Revenue is what was taken less what was given back (a cancelled order's money is refunded).
    expect(month.revenueCents).toBe(all.rows.reduce((sum, r) => sum + r.totalCents - r.refundedCents, 0));
    expect(month.averageCents).toBe(Math.round(month.revenueCents / month.orders));
  });
});
