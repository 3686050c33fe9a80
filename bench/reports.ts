// The reports of `npm run bench -- --only reports [--db postgres] [--orders N] [--turns N]`: a store of
// N orders (100,000 by default: a year and a half of a busy jeweller, ~1.6 lines an order, one
// in twenty refunded, gift cards sold and spent) written straight into its tables, then each report
// asked for a month and for a year, timed in the report's own function (what the route awaits)
// after the store has moved on (a refund and an order changed, so the days kept are counted again),
// and the orders export streamed whole with the process's memory watched.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedAll } from '../apps/api/src/seed/seed.ts';
import { salesReport } from '../apps/api/src/modules/reports/service.ts';
import { tableReport } from '../apps/api/src/modules/reports/tables.ts';
import { exportText } from '../apps/api/src/modules/exports/service.ts';
import { TABLE_REPORTS } from '@facet/contracts/reports';

const TZ = 'America/New_York';
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

/** N orders over the 540 days before today, their lines (pieces and stones), refunds and gift cards. */
async function fillForBench(db: Awaited<ReturnType<typeof openDatabase>>['db'], orders: number) {
  const address = JSON.stringify({
    name: 'Ada King',
    company: '',
    line1: '12 Bleecker St',
    line2: '',
    city: 'New York',
    state: 'NY',
    zip: '10012',
    country: 'US',
    phone: '(212) 555-0188',
  });
  await db.execute(sql`
    insert into customer_order (number, email, access_token_hash, shipping_address, billing_address, shipping_method,
      subtotal_cents, shipping_cents, tax_cents, tax_lines, total_cents, payment_provider, payment_ref, card_brand,
      card_last4, idempotency_scope, idempotency_key, request_hash, answer, placed_at, status, paid_cents, plan)
    select 'B' || lpad(n::text, 7, '0'), 'buyer' || (n % 20000) || '@example.com', md5(n::text),
      ${address}::jsonb, ${address}::jsonb, 'standard',
      s.sub, 2500, s.t1 + s.t2 + s.t3,
      jsonb_build_array(
        jsonb_build_object('name', 'New York State sales tax', 'percent', 4, 'cents', s.t1),
        jsonb_build_object('name', 'New York City sales tax', 'percent', 4.5, 'cents', s.t2),
        jsonb_build_object('name', 'Metropolitan Commuter Transportation District', 'percent', 0.375,
          'cents', s.t3)),
      s.sub + 2500 + s.t1 + s.t2 + s.t3, 'bench', 'ch_' || n, 'visa', '4242', 'bench', 'k' || n, 'h', '{}'::jsonb,
      now() - (n % 540) * interval '1 day' - (n % 1440) * interval '1 minute',
      case when n % 7 = 0 then 'delivered' else 'placed' end,
      s.sub + 2500 + s.t1 + s.t2 + s.t3, case when n % 50 = 0 then 'layaway' else 'full' end
    from generate_series(1, ${orders}) n, lateral (select sub, round(sub * 0.04)::int as t1, round(sub * 0.045)::int as t2, round(sub * 0.00375)::int as t3
      from (select 40000 + (n * 7919) % 900000 as sub) x) s`);
  await db.execute(sql`
    insert into order_line (order_id, position, kind, ref_id, title, details, image, quantity, unit_price_cents,
      line_total_cents, was_unit_cents, discount_cents, cost_cents)
    select o.id, 1, 'product', p.id, 'A piece', '[]'::jsonb, '', 1, o.subtotal_cents, o.subtotal_cents,
      case when o.id % 9 = 0 then o.subtotal_cents / 4 * 5 end, case when o.id % 11 = 0 then o.subtotal_cents / 10 else 0 end,
      case when o.id % 13 = 0 then null else o.subtotal_cents / 10 * 6 end
    from customer_order o
    join lateral (select id from product order by id offset (o.id % 500) limit 1) p on true
    where o.payment_provider = 'bench'`);
  await db.execute(sql`
    insert into order_line (order_id, position, kind, ref_id, title, details, image, quantity, unit_price_cents,
      line_total_cents, discount_cents, cost_cents)
    select o.id, 2, 'diamond', d.id, 'A stone', '[]'::jsonb, '', 1, 50000 + (o.id * 31) % 500000,
      50000 + (o.id * 31) % 500000, 0, (50000 + (o.id * 31) % 500000) / 10 * 7
    from customer_order o
    join lateral (select id from diamond order by id offset (o.id % 300) limit 1) d on true
    where o.payment_provider = 'bench' and o.id % 5 < 3`);
  await db.execute(sql`
    insert into order_refund (order_id, amount_cents, reason, provider_ref, at)
    select id, subtotal_cents / 4, 'Bench refund', 're_' || id, placed_at + interval '9 days'
    from customer_order where payment_provider = 'bench' and id % 20 = 0`);
  await db.execute(sql`
    insert into gift_card (last4, initial_cents, balance_cents, recipient_name, recipient_email, sender_name, deliver_on, created_by, created_at)
    select lpad((n % 10000)::text, 4, '0'), 10000, 10000 - (n % 3) * 2500, 'R', 'r@example.com', 'S', '2026-01-01', 'bench',
      now() - (n % 540) * interval '1 day'
    from generate_series(1, ${Math.round(orders / 20)}) n`);
  await db.execute(sql`
    insert into gift_card_entry (card_id, kind, cents, balance_cents, by, at)
    select id, 'issue', 10000, 10000, 'bench', created_at from gift_card where created_by = 'bench'
    union all
    select id, 'redeem', -(10000 - balance_cents), balance_cents, 'bench', created_at + interval '20 days'
    from gift_card where created_by = 'bench' and balance_cents < 10000`);
  await db.execute(sql`analyze`);
}

export async function reportsBench(opts: { databaseUrl?: string; orders: number; turns: number }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'facet-reports-bench-'));
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      SEED_SCALE: '0.05',
      DATA_DIR: dataDir,
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    },
    false,
  );
  const database = await openDatabase(config);
  const { db } = database;
  try {
    await database.migrate();
    await seedAll(db, { scale: 0.05 });
    console.log(`Writing ${opts.orders.toLocaleString()} orders with their lines, refunds and gift cards…`);
    const t0 = performance.now();
    await fillForBench(db, opts.orders);
    console.log(`  written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const today = new Date().toLocaleDateString('en-CA', { timeZone: TZ });
    const back = (days: number) => new Date(Date.parse(today) - days * 86_400_000).toISOString().slice(0, 10);
    const ranges = { month: { from: back(30), to: today }, year: { from: back(364), to: today } };
    // The first report counts every day of the store (what a store upgrading to kept days pays once).
    const c0 = performance.now();
    await salesReport(db, TZ, { ...ranges.month, by: 'day' });
    const firstCount = performance.now() - c0;
    console.log(`first report (every day counted): ${firstCount.toFixed(0)} ms`);
    // Before each timed read the store moves on as it would: an order from months ago refunded today
    // (its day and today to count again) and one of today's orders changed.
    let touched = 0;
    const touch = async () => {
      touched++;
      await db.execute(sql`
        insert into order_refund (order_id, amount_cents, reason, provider_ref)
        select id, 100, 'Bench: a goodwill refund', 're_touch_' || ${touched} from customer_order
        where payment_provider = 'bench' and placed_at < now() - interval '90 days' order by id limit 1 offset ${touched}`);
      await db.execute(sql`
        update customer_order set shipping_cents = shipping_cents + 1
        where id = (select max(id) from customer_order where payment_provider = 'bench' and placed_at > now() - interval '1 day')`);
    };
    const rows: Array<{ report: string; range: string; p50: number; p95: number; max: number }> = [];
    for (const [range, r] of Object.entries(ranges))
      for (const name of ['sales', ...TABLE_REPORTS] as const) {
        const q = { ...r, by: range === 'year' ? ('month' as const) : ('day' as const) };
        const ask = () => (name === 'sales' ? salesReport(db, TZ, q) : tableReport(db, TZ, name, q));
        await ask(); // the first read warms the plan and the pages; then the timed turns
        const ms: number[] = [];
        for (let i = 0; i < opts.turns; i++) {
          await touch();
          const s = performance.now();
          await ask();
          ms.push(performance.now() - s);
        }
        const row = { report: name, range, p50: pct(ms, 0.5), p95: pct(ms, 0.95), max: Math.max(...ms) };
        rows.push(row);
        console.log(
          `${name.padEnd(12)} ${range.padEnd(6)} p50 ${row.p50.toFixed(0).padStart(5)} ms  p95 ${row.p95.toFixed(0).padStart(5)} ms${row.p95 >= 1000 ? '  ✗ over 1 s' : ''}`,
        );
      }

    // The orders export, whole: its time and how far the process's memory rose while it streamed.
    global.gc?.();
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    let bytes = 0;
    let lines = 0;
    const s = performance.now();
    for await (const line of exportText(db, TZ, 'orders', 'csv')) {
      bytes += line.length;
      if (++lines % 5000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
    }
    const exportRow = {
      lines,
      megabytes: bytes / 1e6,
      seconds: (performance.now() - s) / 1000,
      rssRiseMb: (peak - rss0) / 1e6,
    };
    console.log(
      `orders export: ${lines.toLocaleString()} lines, ${exportRow.megabytes.toFixed(1)} MB in ${exportRow.seconds.toFixed(1)} s; memory rose ${exportRow.rssRiseMb.toFixed(0)} MB while streaming`,
    );
    return { orders: opts.orders, turns: opts.turns, firstCountMs: firstCount, rows, export: exportRow };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
