import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORTS } from '@facet/contracts/exports';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUp } from '../../test/accounts.ts';
import { adminCall, placeDiamondOrder, staffSession } from '../../test/staff.ts';
import { exportText } from './service.ts';

// The owner takes everything out: every export streams a header and a row a record as CSV, the
// same records as JSON lines, a page at a time with nothing lost or repeated between pages, and a
// stranger's text that a spreadsheet would run stays text.

let t: TestApp;
let owner: string;
let manager: string;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const all = async (gen: AsyncGenerator<string>) => {
  const out: string[] = [];
  for await (const s of gen) out.push(s);
  return out;
};

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_ORDER_MAX: '1000', RATE_LIMIT_MAX: '100000' });
  owner = (await staffSession(t, 'owner')).cookie;
  manager = (await staffSession(t, 'manager')).cookie;
  await signUp(t, 'formula@example.com');
  // Sign-up refuses such a name today; one kept from before (an import, an older rule) must still stay text.
  await q(
    sql`update app_user set first_name = '=HYPERLINK("https://evil.example","Ada")' where email = 'formula@example.com'`,
  );
  await placeDiamondOrder(t);
  await placeDiamondOrder(t);
}, 60_000);
afterAll(() => t.close());

describe('exports', () => {
  it('orders: a row per line, money in dollars in the CSV and in cents in the JSON lines', async () => {
    const csv = await adminCall(t, manager, 'GET', '/exports/orders/csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="facet-orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [head, ...rows] = csv.body.trim().split('\r\n');
    const columns = head!.split(',');
    expect(columns.slice(0, 3)).toEqual(['order', 'placedAt', 'status']);
    expect(columns).toContain('total');
    const lines = await q<{ number: string; total: number }>(sql`select o.number, o.total_cents as total
      from order_line l join customer_order o on o.id = l.order_id order by o.id, l.position`);
    expect(rows).toHaveLength(lines.length);
    expect(rows.map((r) => r.split(',')[0])).toEqual(lines.map((l) => l.number));
    expect(rows[0]!.split(',')[columns.indexOf('total')]).toBe((lines[0]!.total / 100).toFixed(2));

    const jsonl = await adminCall(t, manager, 'GET', '/exports/orders/jsonl');
    expect(jsonl.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const records = jsonl.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { order: string; totalCents: number });
    expect(records.map((r) => [r.order, r.totalCents])).toEqual(lines.map((l) => [l.number, l.total]));
  });

  it('every export reads page by page with nothing lost or repeated, whatever the page size', async () => {
    for (const name of EXPORTS) {
      const whole = await all(exportText(t.app.db, 'America/New_York', name, 'jsonl', 10_000));
      const paged = await all(exportText(t.app.db, 'America/New_York', name, 'jsonl', 7));
      expect(paged, name).toEqual(whole);
      if (['products', 'stones', 'customers', 'orders'].includes(name)) expect(whole.length, name).toBeGreaterThan(0);
    }
    // The catalogue holds more variants than one page: the reads really were paged.
    const [{ n }] = (await q<{ n: number }>(sql`select count(*)::int as n from product`)) as [{ n: number }];
    expect(n).toBeGreaterThan(7);
  });

  it('customers: consent is a column, and a name a spreadsheet would run stays text', async () => {
    const csv = (await adminCall(t, manager, 'GET', '/exports/customers/csv')).body;
    const [head, ...rows] = csv.trim().split('\r\n');
    expect(head).toContain('acceptsMarketing');
    const row = rows.find((r) => r.includes('formula@example.com'))!;
    expect(row).toContain(`"'=HYPERLINK(""https://evil.example"",""Ada"")"`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('the audit log goes only to those who may read it; a dataset not on the list is refused', async () => {
    expect((await adminCall(t, manager, 'GET', '/exports/audit/csv')).statusCode).toBe(403);
    const audit = await adminCall(t, owner, 'GET', '/exports/audit/jsonl');
    expect(audit.statusCode).toBe(200);
    const [{ n }] = (await q<{ n: number }>(sql`select count(*)::int as n from audit_log`)) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(audit.body.trim().split('\n')).toHaveLength(n);
    expect((await adminCall(t, manager, 'GET', '/exports/passwords/csv')).statusCode).toBe(400);
    const fulfilment = (await staffSession(t, 'fulfilment')).cookie;
    expect((await adminCall(t, fulfilment, 'GET', '/exports/orders/csv')).statusCode).toBe(403);
  });
});
