import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesReport, TableReport } from '@facet/contracts/reports';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession } from '../../test/staff.ts';

// A month of trade made through the store's own flows — a sale, a discount code, a refund, a gift
// card bought and one spent, a layaway, a stone on memo — then dated into March 2026, and every
// report's figures checked against sums taken straight from the orders, refunds and ledgers.

const CHAINS = 1301;
const MONTH = { from: '2026-03-01', to: '2026-03-31' };
let t: TestApp;
let manager: string;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const api = (method: 'GET' | 'POST' | 'PUT', url: string, session: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  });
const buyer = () => `buyer.${randomUUID().slice(0, 8)}@example.com`;
async function place(items: object[], extra: object = {}, code?: string) {
  const session = randomUUID();
  for (const item of items) {
    const r = await api('POST', '/cart/items', session, item);
    expect(r.statusCode, r.body).toBe(200);
  }
  if (code) expect((await api('PUT', '/cart/discount', session, { code })).statusCode).toBe(200);
  const res = await api('POST', '/order', session, orderBody(buyer(), extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.number as string;
}
const report = async (name: string, range: { from: string; to: string } = MONTH) => {
  const res = await adminCall(t, manager, 'GET', `/reports/${name}?from=${range.from}&to=${range.to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TableReport;
};
const byFirst = (r: TableReport) => Object.fromEntries(r.rows.map((row) => [String(row[r.columns[0]!.key]), row]));

let stones: { plain: number; memo: number; layaway: number };
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_ORDER_MAX: '1000', RATE_LIMIT_MAX: '100000' });
  manager = (await staffSession(t, 'manager')).cookie;

  // Costs as the jeweller keeps them: every piece and the store's own stones cost 60 % of their price.
  await q(sql`update product set cost_cents = price_cents * 6 / 10`);
  await q(sql`update diamond set cost_cents = price_cents * 6 / 10 where supplier_id is null`);
  const own = await q<{ id: number }>(sql`select id from diamond where status = 'available' and supplier_id is null
    and price_cents between 400000 and 800000 order by id limit 3`);
  stones = { plain: own[0]!.id, memo: own[1]!.id, layaway: own[2]!.id };
  await q(sql`update diamond set memo_from = 'Antwerp Stone House', cost_cents = 333300 where id = ${stones.memo}`);

  const iso = (ms: number) => new Date(Date.now() + ms).toISOString().replace(/\.\d+Z$/, 'Z');
  const sale = await adminCall(t, manager, 'POST', '/sales', {
    name: 'Chain event',
    percent: 20,
    startsAt: iso(-60_000),
    endsAt: iso(3_600_000),
    categoryIds: [CHAINS],
    designs: [],
    metals: [],
    active: true,
  });
  expect(sale.statusCode, sale.body).toBe(201);
  const code = await adminCall(t, manager, 'POST', '/discounts', {
    code: 'MARCH10',
    name: 'Ten off in March',
    kind: 'percent',
    percentBp: 1_000,
    amountCents: null,
    minSubtotalCents: 0,
    appliesTo: ['product'],
    categoryIds: null,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    perCustomer: null,
    firstOrderOnly: false,
    emails: null,
    combines: false,
    active: true,
  });
  expect(code.statusCode, code.body).toBe(201);
  const [chain] = await q<{ id: number }>(sql`select p.id from product p join product_group g on g.id = p.group_id
    where g.category_id = ${CHAINS} and g.published and p.active and not g.configurable and not g.stock_tracked
    order by p.id limit 1`);
  const [ring] = await q<{ id: number }>(sql`select p.id from product p join product_group g on g.id = p.group_id
    where g.category_id <> ${CHAINS} and g.published and p.active and not g.configurable and not g.stock_tracked
      and p.price_cents > 30000 order by p.id limit 1`);
  // A piece without a recorded cost: counted as such, never as free.
  await q(sql`update product set cost_cents = null where id = ${ring!.id}`);

  // A staff-issued card (its code from the recipient's e-mail), spent on the ring's order.
  const issued = await adminCall(t, manager, 'POST', '/gift-cards', {
    amountCents: 10_000,
    recipientName: 'Grace',
    recipientEmail: 'grace.month@example.com',
    message: 'With thanks.',
    reason: 'Goodwill',
  });
  expect(issued.statusCode, issued.body).toBe(201);
  const [mail] = await q<{ text: string }>(
    sql`select text_body as text from outbox_mail where kind = 'gift-card' and to_address = 'grace.month@example.com'`,
  );
  const giftCode = /\b([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})\b/.exec(mail!.text)![1]!;

  await place([{ kind: 'product', id: chain!.id }], {}, 'MARCH10'); // on sale, and the code
  const refunded = await place([{ kind: 'diamond', id: stones.plain }]);
  await place([{ kind: 'diamond', id: stones.memo }]);
  await place([{ kind: 'product', id: ring!.id }], { giftCards: [giftCode] });
  await place([
    {
      kind: 'gift-card',
      card: {
        amountCents: 25_000,
        recipientName: 'Ada',
        recipientEmail: 'ada.month@example.com',
        senderName: 'Ben',
        message: '',
        deliverOn: new Date().toLocaleDateString('en-CA', { timeZone: t.config.STORE_TIMEZONE }),
      },
    },
  ]);
  await place([{ kind: 'diamond', id: stones.layaway }], { plan: 'layaway' });

  const version = (await adminCall(t, manager, 'GET', `/orders/${refunded}`)).json().data.version as number;
  const refund = await adminCall(t, manager, 'POST', `/orders/${refunded}/refunds`, {
    version,
    amountCents: 50_000,
    reason: 'A chip found on arrival',
  });
  expect(refund.statusCode, refund.body).toBe(200);

  // Into March (midday in New York, one order a day from the 10th); the refund on the 20th.
  await q(
    sql`update customer_order set placed_at = '2026-03-10 12:00:00-04'::timestamptz + (id - (select min(id) from customer_order)) * interval '1 day'`,
  );
  await q(sql`update order_refund set at = '2026-03-20 12:00:00-04'`);
  await q(sql`update gift_card set created_at = '2026-03-05 12:00:00-05'`);
  await q(sql`update gift_card_entry set at = '2026-03-05 12:00:00-05'::timestamptz + id * interval '1 hour'`);
}, 120_000);
afterAll(() => t.close());

describe('reports on a known month', () => {
  it('sales: every figure is the sum of the orders, lines and refunds of the month', async () => {
    const [o] = await q<{ orders: number; shipping: number; tax: number }>(sql`
      select count(*)::int as orders, sum(shipping_cents)::int as shipping, sum(tax_cents)::int as tax from customer_order`);
    const [l] = await q<{ gross: number; sale: number; code: number; cost: number; unknown: number }>(sql`
      select sum(line_total_cents + coalesce(was_unit_cents - unit_price_cents, 0) * quantity)::int as gross,
        sum(coalesce(was_unit_cents - unit_price_cents, 0) * quantity)::int as sale, sum(discount_cents)::int as code,
        sum(cost_cents)::int as cost, count(*) filter (where cost_cents is null)::int as unknown
      from order_line where kind <> 'gift-card'`);
    const [r] = await q<{ refunds: number }>(sql`select sum(amount_cents)::int as refunds from order_refund`);
    // Margin: the lines with a cost, their net less the refund given on them (each refunded order has one line).
    const [m] = await q<{ margin: number }>(sql`
      select sum(l.line_total_cents - l.discount_cents - l.cost_cents
        - coalesce((select sum(amount_cents) from order_refund where order_id = l.order_id), 0))::int as margin
      from order_line l where l.kind <> 'gift-card' and l.cost_cents is not null`);
    expect(o!.orders).toBe(6); // a gift card bought alone is an order, though not a sale
    expect(l!.sale).toBeGreaterThan(0);
    expect(l!.code).toBeGreaterThan(0);
    expect(l!.unknown).toBe(1);

    const res = await adminCall(t, manager, 'GET', `/reports/sales?from=${MONTH.from}&to=${MONTH.to}&by=month`);
    const sales = res.json().data as SalesReport;
    expect(sales.totals).toEqual({
      orders: 6,
      grossCents: l!.gross,
      saleCents: l!.sale,
      codeCents: l!.code,
      refundsCents: r!.refunds,
      netCents: l!.gross - l!.sale - l!.code - r!.refunds,
      shippingCents: o!.shipping,
      taxCents: o!.tax,
      costCents: l!.cost,
      marginCents: m!.margin,
      costUnknownLines: 1,
    });
    expect(sales.rows.map((row) => row.period)).toEqual(['2026-03-01']);
    // The month before had nothing; the days after the last order (the 15th) have only the refund.
    expect(sales.previousTotals.orders).toBe(0);
    const late = (await adminCall(t, manager, 'GET', '/reports/sales?from=2026-03-16&to=2026-03-31')).json()
      .data as SalesReport;
    expect(late.totals).toMatchObject({ orders: 0, grossCents: 0, refundsCents: r!.refunds, netCents: -r!.refunds });
  });

  it('breakdowns by category, metal, diamond and channel each add up to the month’s sales', async () => {
    const sales = (await adminCall(t, manager, 'GET', `/reports/sales?from=${MONTH.from}&to=${MONTH.to}`)).json()
      .data as SalesReport;
    for (const name of ['by-category', 'by-metal', 'by-origin', 'by-channel']) {
      const r = await report(name);
      expect(r.totals, name).toMatchObject({
        gross: sales.totals.grossCents,
        reductions: sales.totals.saleCents + sales.totals.codeCents,
        refunds: sales.totals.refundsCents,
        net: sales.totals.netCents,
        cost: sales.totals.costCents,
        margin: sales.totals.marginCents,
        costUnknown: 1,
      });
      // Asked for the 31 days after, the month is the period before: its totals are the same sums.
      const after = await report(name, { from: '2026-04-01', to: '2026-05-01' });
      expect(after.previous, name).toEqual(MONTH);
      expect(after.previousTotals, name).toEqual(r.totals);
    }
    const [chains] = await q<{ name: string; net: number }>(sql`
      select c.name, sum(l.line_total_cents - l.discount_cents)::int as net from order_line l
      join product p on l.kind = 'product' and p.id = l.ref_id join product_group g on g.id = p.group_id
      join category c on c.id = g.category_id where g.category_id = ${CHAINS} group by c.name`);
    expect(byFirst(await report('by-category'))[chains!.name]).toMatchObject({ lines: 1, net: chains!.net });
    const diamonds = byFirst(await report('by-category'))['Loose diamonds']!;
    expect(diamonds.lines).toBe(3);

    const [lay] = await q<{ net: number }>(sql`select sum(l.line_total_cents - l.discount_cents)::int as net
      from order_line l join customer_order o on o.id = l.order_id where o.plan = 'layaway'`);
    const channels = byFirst(await report('by-channel'));
    expect(channels['Layaway']).toMatchObject({ lines: 1, net: lay!.net });
    expect(channels['Online checkout']!.lines).toBe(4);

    const origins = byFirst(await report('by-origin'));
    const [natural] = await q<{
      n: number;
    }>(sql`select count(*)::int as n from order_line l join diamond d on d.id = l.ref_id
      where l.kind = 'diamond' and d.origin = 'natural'`);
    expect(origins['Natural']?.lines ?? 0).toBe(natural!.n);
  });

  it('discounts: each code and each sale, adding up to what the sales report took off', async () => {
    const sales = (await adminCall(t, manager, 'GET', `/reports/sales?from=${MONTH.from}&to=${MONTH.to}`)).json()
      .data as SalesReport;
    const r = await report('discounts');
    const code = r.rows.find((row) => row.how === 'Discount code')!;
    const sale = r.rows.find((row) => row.how === 'Sale')!;
    expect(String(code.name)).toContain('MARCH10');
    expect(code).toMatchObject({ orders: 1, lines: 1, cents: sales.totals.codeCents });
    expect(sale).toMatchObject({ name: 'Chain event', lines: 1, cents: sales.totals.saleCents });
    expect(r.totals!.cents).toBe(sales.totals.codeCents + sales.totals.saleCents);
  });

  it('margin by piece: best first, a piece without a cost has none, and the pieces add up', async () => {
    const r = await report('pieces');
    const margins = r.rows.filter((row) => row.margin !== null).map((row) => row.margin as number);
    expect(margins).toEqual([...margins].sort((a, b) => b - a));
    expect(r.rows).toHaveLength(5);
    const unknown = r.rows.filter((row) => row.costUnknown === 1);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ cost: null, margin: null }); // unknown, not free
    const sales = (await adminCall(t, manager, 'GET', `/reports/sales?from=${MONTH.from}&to=${MONTH.to}`)).json()
      .data as SalesReport;
    expect(r.totals).toMatchObject({ net: sales.totals.netCents, margin: sales.totals.marginCents });
    // The 13th sold only the piece without a cost: its day's cost and margin are unknown, not $0.
    const day = await report('pieces', { from: '2026-03-13', to: '2026-03-13' });
    expect(day.rows).toHaveLength(1);
    expect(day.totals).toMatchObject({ lines: 1, cost: null, margin: null, costUnknown: 1 });
  });

  it('tax: each jurisdiction the orders were charged, less what refunds gave back', async () => {
    const parts = await q<{ name: string; cents: number }>(sql`
      select t->>'name' as name, sum((t->>'cents')::int)::int as cents
      from customer_order o cross join lateral jsonb_array_elements(o.tax_lines) t group by 1`);
    const [o] = await q<{ tax: number; back: number }>(
      sql`select sum(tax_cents)::int as tax, sum(tax_reversed_cents)::int as back from customer_order`,
    );
    const r = await report('tax');
    expect(parts.length).toBeGreaterThan(0);
    for (const p of parts)
      expect(r.rows.find((row) => row.jurisdiction === p.name)).toMatchObject({ state: 'NY', tax: p.cents });
    expect(r.totals!.tax).toBe(o!.tax - o!.back);
    expect(r.summary!.rows).toEqual([{ state: 'NY', tax: o!.tax - o!.back }]);
  });

  it('gift cards: issued, spent and owed at the month’s end, card by card, from the ledger', async () => {
    const [c] = await q<{ issued: number; owed: number; spent: number }>(sql`
      select sum(initial_cents)::int as issued, sum(balance_cents)::int as owed,
        (select -sum(cents)::int from gift_card_entry where kind = 'redeem') as spent from gift_card`);
    const r = await report('gift-cards');
    expect(r.rows).toHaveLength(2);
    expect(r.totals).toMatchObject({ atStart: 0, issued: c!.issued, spent: c!.spent, changed: 0, atEnd: c!.owed });
    expect(c!.spent).toBeGreaterThan(0);
    for (const row of r.rows)
      expect(row.atEnd).toBe(
        (row.atStart as number) + (row.issued as number) - (row.spent as number) + (row.changed as number),
      );
    // In April nothing moved: what was owed at March's end is held at the start and owed at the end.
    const april = await report('gift-cards', { from: '2026-04-01', to: '2026-04-30' });
    expect(april.totals).toMatchObject({ atStart: c!.owed, issued: 0, spent: 0, atEnd: c!.owed });
    // In February the cards did not exist yet.
    expect((await report('gift-cards', { from: '2026-02-01', to: '2026-02-28' })).rows).toEqual([]);
  });

  it('memo: the dealer is owed the memo price of the stone sold', async () => {
    const r = await report('memo');
    const [serial] = await q<{ serial: string }>(sql`select serial from diamond where id = ${stones.memo}`);
    expect(r.rows).toEqual([
      expect.objectContaining({ dealer: 'Antwerp Stone House', stones: 1, serials: serial!.serial, owed: 333_300 }),
    ]);
  });

  it('stock: the store’s own stones by age with their cost, memo and suppliers’ stones left out', async () => {
    const [old] = await q<{ id: number; serial: string; cost: number }>(sql`
      update diamond set created_at = now() - interval '200 days' where id = (select id from diamond
        where status = 'available' and supplier_id is null and memo_from is null order by id desc limit 1)
      returning id, serial, cost_cents as cost`);
    const [own] = await q<{ n: number; cost: number }>(sql`select count(*)::int as n, sum(cost_cents)::float8 as cost
      from diamond where supplier_id is null and memo_from is null and status in ('available', 'held')`);
    const r = await report('stock');
    const diamonds = r.rows.filter((row) => row.kind === 'Diamond');
    expect(diamonds).toHaveLength(own!.n);
    expect(diamonds.reduce((s, row) => s + (row.cost as number), 0)).toBe(own!.cost);
    expect(r.rows.find((row) => row.ref === old!.serial)).toMatchObject({ days: 200, cost: old!.cost });
    const band = r.summary!.rows.find((row) => row.band === '180 to 364 days')!;
    expect(band.items).toBeGreaterThanOrEqual(1);
    expect(r.rows.some((row) => row.ref === String(stones.memo))).toBe(false);
  });

  it('searches: a search that found nothing is on the report; a reload is not another search', async () => {
    const seen = (body: object, ip = '203.0.113.9') =>
      t.app.inject({ method: 'POST', url: '/api/searches/seen', payload: body, remoteAddress: ip });
    expect((await seen({ q: 'Emerald  Tiara', found: 0 })).statusCode).toBe(204);
    expect((await seen({ q: 'emerald tiara', found: 0 })).statusCode).toBe(204); // the same visitor again
    expect((await seen({ q: 'emerald tiara', found: 0 }, '203.0.113.10')).statusCode).toBe(204);
    expect((await seen({ q: 'tennis bracelet', found: 12 })).statusCode).toBe(204);
    expect((await seen({ q: '', found: 0 })).statusCode).toBe(400);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: t.config.STORE_TIMEZONE });
    const r = await report('searches', { from: today, to: today });
    expect(byFirst(r)['emerald tiara']).toMatchObject({ searches: 2, nothing: 2 });
    expect(byFirst(r)['tennis bracelet']).toMatchObject({ searches: 1, nothing: 0 });
    expect(r.summary!.rows).toEqual([{ term: 'emerald tiara', nothing: 2 }]);
    // One address may count at most 120 terms an hour: the 121st is not counted.
    for (let i = 0; i < 121; i++)
      expect((await seen({ q: `filler term ${i}`, found: 1 }, '198.51.100.77')).statusCode).toBe(204);
    const after = byFirst(await report('searches', { from: today, to: today }));
    expect(after['filler term 119']).toBeDefined();
    expect(after['filler term 120']).toBeUndefined();
  });

  it('each table downloads exactly its rows, and fulfilment staff cannot read them', async () => {
    const r = await report('by-category');
    const csv = await adminCall(t, manager, 'GET', `/reports/by-category/rows.csv?from=${MONTH.from}&to=${MONTH.to}`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(r.columns.map((c) => c.label).join(','));
    expect(lines).toHaveLength(r.rows.length + 2);
    expect(lines.at(-1)!.split(',')[5]).toBe(((r.totals!.net as number) / 100).toFixed(2));
    const fulfilment = (await staffSession(t, 'fulfilment')).cookie;
    expect((await adminCall(t, fulfilment, 'GET', `/reports/memo?from=${MONTH.from}&to=${MONTH.to}`)).statusCode).toBe(
      403,
    );
    expect((await adminCall(t, manager, 'GET', `/reports/nothing?from=${MONTH.from}&to=${MONTH.to}`)).statusCode).toBe(
      400,
    );
  });
});
