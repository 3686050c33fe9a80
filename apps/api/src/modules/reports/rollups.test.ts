import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_REPORTS, type SalesReport } from '@facet/contracts/reports';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, placeDiamondOrder, staffSession } from '../../test/staff.ts';
import { salesReport } from './service.ts';
import { spansOf } from './rollups.ts';
import { tableReport } from './tables.ts';

// The kept days must always say what counting every day again from the orders would: after each
// kind of change the trigger marks (an order, its payment, a refund, what a line is grouped by, a
// deleted order), the reports read from the days brought up to date are compared with the same
// reports after the days are all counted afresh.

let t: TestApp;
let manager: string;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const RANGE = { from: '2025-01-01', to: '2027-12-31' };
const KEPT = ['by-category', 'by-metal', 'by-origin', 'by-channel', 'pieces', 'tax'] as const;

/** Every report read from the kept days, as of now, in the time zone given. */
async function reports(tz = t.config.STORE_TIMEZONE): Promise<{ sales: SalesReport } & Record<string, unknown>> {
  const db = t.database.db;
  return {
    sales: await salesReport(db, tz, { ...RANGE, by: 'day' }),
    ...Object.fromEntries(
      await Promise.all(KEPT.map(async (name) => [name, await tableReport(db, tz, name, { ...RANGE, by: 'day' })])),
    ),
  };
}
/** The same reports with every day counted again from the orders. */
async function counted(tz = t.config.STORE_TIMEZONE): ReturnType<typeof reports> {
  await q(sql`delete from report_rollup`);
  return reports(tz);
}
const marks = async () => (await q<{ n: number }>(sql`select count(*)::int as n from report_dirty_day`))[0]!.n;

async function placeProduct(id: number) {
  const session = randomUUID();
  const headers = { 'x-session-id': session, 'idempotency-key': randomUUID() };
  const add = await t.app.inject({ method: 'POST', url: '/api/cart/items', headers, payload: { kind: 'product', id } });
  expect(add.statusCode, add.body).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: orderBody(`buyer.${randomUUID().slice(0, 8)}@example.com`),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.number as string;
}

let piece: { id: number; group: number; category: number };
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_ORDER_MAX: '1000', RATE_LIMIT_MAX: '100000' });
  manager = (await staffSession(t, 'manager')).cookie;
  piece = (
    await q<typeof piece>(sql`select p.id, g.id as group, g.category_id as category from product p
    join product_group g on g.id = p.group_id
    where g.published and p.active and not g.configurable and not g.stock_tracked and g.category_id is not null
    order by p.id limit 1`)
  )[0]!;
  await placeProduct(piece.id);
  await placeDiamondOrder(t);
  await placeDiamondOrder(t);
}, 120_000);
afterAll(() => t.close());

describe('sales figures kept per day', () => {
  it('are counted from the orders the first time, and a change marks only its days', async () => {
    const first = await reports();
    expect(first.sales.totals.orders).toBe(3);
    expect(await marks()).toBe(0);
    await placeDiamondOrder(t);
    expect(await marks()).toBeGreaterThan(0);
    const next = await reports();
    expect(next.sales.totals.orders).toBe(4);
    expect(await marks()).toBe(0);
    // A status or a tracking number is not a figure: nothing to count again.
    await q(
      sql`update customer_order set status = 'shipped', tracking_number = '1Z999' where id = (select max(id) from customer_order)`,
    );
    expect(await marks()).toBe(0);
    expect(await reports()).toEqual(await counted());
  });

  it('stay equal to counting every day again, after each kind of change', async () => {
    const [old] = await q<{ number: string }>(sql`select number from customer_order order by id limit 1`);
    const changes: Array<[string, () => Promise<unknown>]> = [
      ['an order placed', () => placeProduct(piece.id)],
      [
        'an order dated 40 days back',
        () => q(sql`update customer_order set placed_at = now() - interval '40 days' where number = ${old!.number}`),
      ],
      [
        'a refund today of that order',
        async () => {
          const version = (await adminCall(t, manager, 'GET', `/orders/${old!.number}`)).json().data.version as number;
          const r = await adminCall(t, manager, 'POST', `/orders/${old!.number}/refunds`, {
            version,
            amountCents: 4_321,
            reason: 'Goodwill',
          });
          expect(r.statusCode, r.body).toBe(200);
        },
      ],
      [
        'a quote accepted into that order (its channel)',
        async () => {
          await q(sql`insert into quote (number, email, address, status, created_by)
            values ('Q-ROLLUP', 'ada@example.com', '{}'::jsonb, 'accepted', 'test')`);
          await reports();
          await q(sql`update quote set order_number = ${old!.number} where number = 'Q-ROLLUP'`);
        },
      ],
      [
        'a payment that expired',
        () =>
          q(sql`update customer_order set payment_state = 'expired' where id = (select max(id) from customer_order)`),
      ],
      [
        'a category renamed',
        () => q(sql`update category set name = name || ' (renamed)' where id = ${piece.category}`),
      ],
      [
        'a design moved to another category',
        () =>
          q(
            sql`update product_group set category_id = (select min(id) from category where id <> ${piece.category}) where id = ${piece.group}`,
          ),
      ],
      [
        'a variant’s metal corrected',
        () => q(sql`update product set metal = case metal when '14y' then '18w' else '14y' end where id = ${piece.id}`),
      ],
      [
        'a stone’s origin corrected',
        () =>
          q(
            sql`update diamond set origin = case origin when 'lab' then 'natural' else 'lab' end where id = (select ref_id from order_line where kind = 'diamond' order by id limit 1)`,
          ),
      ],
      [
        'a sold stone deleted',
        () =>
          q(
            sql`delete from diamond where id = (select ref_id from order_line where kind = 'diamond' order by id desc limit 1)`,
          ),
      ],
      [
        'a line’s cost recorded late',
        () => q(sql`update order_line set cost_cents = 12345 where id = (select min(id) from order_line)`),
      ],
      [
        'an order deleted',
        () =>
          q(
            sql`delete from customer_order where id = (select min(id) from customer_order where payment_state = 'paid')`,
          ),
      ],
    ];
    for (const [what, change] of changes) {
      await change();
      const kept = await reports();
      expect(kept, what).toEqual(await counted());
    }
  });

  it('count a store day in the store’s time zone, also half an hour off UTC (a marked UTC day spans two)', async () => {
    const kolkata = await counted('Asia/Kolkata');
    expect(kolkata.sales.totals.orders).toBeGreaterThan(0);
    // 20:00 UTC is 01:30 the next day in Kolkata.
    await q(
      sql`update customer_order set placed_at = '2026-05-10T20:00:00Z' where id = (select max(id) from customer_order where payment_state = 'paid')`,
    );
    const kept = await reports('Asia/Kolkata');
    expect(kept.sales.rows.find((r) => r.period === '2026-05-11')?.orders).toBe(1);
    expect(kept).toEqual(await counted('Asia/Kolkata'));
    // Back in the store's own zone, every day is counted again.
    const ny = await reports();
    expect(ny.sales.rows.find((r) => r.period === '2026-05-10')?.orders).toBe(1);
    expect(ny).toEqual(await counted());
  });

  it('would go stale without the marks: a change its trigger does not see is not counted', async () => {
    await reports();
    await q(sql`alter table diamond disable trigger diamond_report_update`);
    try {
      await q(sql`update diamond set origin = case origin when 'lab' then 'natural' else 'lab' end
        where id in (select ref_id from order_line where kind = 'diamond')`);
      const stale = await reports();
      expect(stale['by-origin']).not.toEqual((await counted())['by-origin']);
    } finally {
      await q(sql`alter table diamond enable trigger diamond_report_update`);
    }
  });

  it('join consecutive days into one span to count', () => {
    expect(spansOf(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-10', '2026-04-01', '2026-04-02'])).toEqual([
      { from: '2026-03-01', to: '2026-03-03' },
      { from: '2026-03-10', to: '2026-03-10' },
      { from: '2026-04-01', to: '2026-04-02' },
    ]);
    expect(spansOf([])).toEqual([]);
    expect(TABLE_REPORTS).toEqual(expect.arrayContaining([...KEPT]));
  });
});
