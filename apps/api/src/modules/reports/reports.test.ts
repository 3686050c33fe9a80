import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesReport } from '@facet/contracts/reports';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, placeDiamondOrder, staffSession } from '../../test/staff.ts';
import { previousPeriod } from './service.ts';

// The sales report against sums taken straight from the orders the test made: three stones sold
// today (two with a recorded cost), one refunded in part, and nothing the day before.

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp();
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: t.config.STORE_TIMEZONE });

describe('sales report', () => {
  it('adds up to the orders, refunds and costs of the period, compares with the one before, and exports its rows', async () => {
    await q(sql`update diamond set cost_cents = (price_cents * 7) / 10 where status = 'available'`);
    const a = await placeDiamondOrder(t);
    const b = await placeDiamondOrder(t);
    await q(sql`update diamond set cost_cents = null where status = 'available'`);
    const c = await placeDiamondOrder(t);
    const version = (await adminCall(t, manager, 'GET', `/orders/${b.number}`)).json().data.version as number;
    const refund = await adminCall(t, manager, 'POST', `/orders/${b.number}/refunds`, {
      version,
      amountCents: 12_345,
      reason: 'A chip found on arrival',
    });
    expect(refund.statusCode, refund.body).toBe(200);

    // What the rows say, summed here without the report's query.
    const orders = await q<{ total: number; shipping: number; tax: number; lines: number; cost: number | null }>(sql`
      select o.total_cents as total, o.shipping_cents as shipping, o.tax_cents as tax,
        (select sum(line_total_cents)::int from order_line where order_id = o.id) as lines,
        (select sum(cost_cents)::int from order_line where order_id = o.id) as cost
      from customer_order o where o.number in (${a.number}, ${b.number}, ${c.number})`);
    const total = (k: 'shipping' | 'tax' | 'lines') => orders.reduce((s, o) => s + o[k], 0);
    const cost = orders.reduce((s, o) => s + (o.cost ?? 0), 0);
    const knownNet = orders.filter((o) => o.cost !== null).reduce((s, o) => s + o.lines, 0);

    const day = today();
    const res = await adminCall(t, manager, 'GET', `/reports/sales?from=${day}&to=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as SalesReport;
    expect(report.totals).toEqual({
      orders: 3,
      grossCents: total('lines'),
      saleCents: 0,
      codeCents: 0,
      refundsCents: 12_345,
      netCents: total('lines') - 12_345,
      shippingCents: total('shipping'),
      taxCents: total('tax'),
      costCents: cost,
      marginCents: knownNet - 12_345 - cost,
      costUnknownLines: 1,
    });
    expect(cost).toBeGreaterThan(0);
    expect(report.rows).toEqual([{ period: day, ...report.totals }]);
    // The day before: nothing.
    expect(report.previous).toEqual(previousPeriod(day, day));
    expect(report.previousTotals.orders).toBe(0);
    expect(report.previousTotals.netCents).toBe(0);

    const csv = await adminCall(t, manager, 'GET', `/reports/sales.csv?from=${day}&to=${day}`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const [head, row, sumRow] = csv.body.trim().split('\r\n');
    expect(head).toBe(
      'Period,Orders,Gross sales,Sale reductions,Discount codes,Refunds,Net sales,Shipping,Tax,Cost (where known),Margin (costed lines after refunds),Lines with cost unknown',
    );
    expect(row!.split(',').slice(0, 2)).toEqual([day, '3']);
    expect(sumRow!.split(',')[6]).toBe(((total('lines') - 12_345) / 100).toFixed(2));
  });

  it('refuses a range the wrong way round or too long, and is not for fulfilment staff', async () => {
    expect((await adminCall(t, manager, 'GET', '/reports/sales?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await adminCall(t, manager, 'GET', '/reports/sales?from=2020-01-01&to=2026-01-01')).statusCode).toBe(400);
    const fulfilment = (await staffSession(t, 'fulfilment')).cookie;
    expect((await adminCall(t, fulfilment, 'GET', '/reports/sales?from=2026-01-01&to=2026-01-31')).statusCode).toBe(
      403,
    );
  });

  it('compares with the same number of days just before', () => {
    expect(previousPeriod('2026-11-01', '2026-11-30')).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousPeriod('2026-03-01', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });
});
