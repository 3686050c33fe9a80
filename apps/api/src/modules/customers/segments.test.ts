import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays } from '@facet/contracts/payment-plans';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUp } from '../../test/accounts.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession } from '../../test/staff.ts';
import { storeToday } from '../gift-cards/index.ts';
import { windowDays } from './segments.ts';

// Segments: saved filters over customers, with counts, a preview and a CSV of everyone they find.

let t: TestApp;
let manager: string;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const BAND = { groupId: 900001, metal: '14KW', size: 7, stones: [] };
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000', RATE_LIMIT_ORDER_MAX: '1000', RATE_LIMIT_FORM_MAX: '1000' });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

/** A signed-in customer's order of a band, placed `monthsAgo` months ago; `engagement`: the line is an engagement ring's. */
async function bought(token: string, email: string, monthsAgo: number, engagement = false) {
  const headers = { authorization: `Bearer ${token}` };
  const add = await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers,
    payload: { kind: 'configured', configuration: BAND },
  });
  expect(add.statusCode, add.body).toBe(200);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: orderBody(email),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const number = placed.json().data.number as string;
  await t.database.db.execute(
    sql`update customer_order set placed_at = now() - make_interval(months => ${monthsAgo}) where number = ${number}`,
  );
  if (engagement) {
    // The same line as a solitaire setting's (a design in the engagement rings).
    const [g] = await q<{ id: number }>(sql`select g.id from product_group g join category c on c.id = g.category_id
      where c.parent_id = 1100 and g.configurable order by g.id limit 1`);
    await t.database.db.execute(sql`update order_line set ref_id = ${g!.id}
      where order_id = (select id from customer_order where number = ${number})`);
  }
  return placed.json().data.totals.totalCents as number;
}
async function customer(email: string, firstName: string, dates: object[] = []) {
  const token = await signUp(t, email, undefined, firstName);
  if (dates.length)
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/record',
      headers: { authorization: `Bearer ${token}` },
      payload: { dates },
    });
  return token;
}
const monthDay = (day: string) => ({ month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) });
const found = async (filter: object) => {
  const r = await adminCall(t, manager, 'POST', '/segments/preview', { filter });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { count: number; description: string; customers: Array<{ email: string }> };
};
const emails = (p: { customers: Array<{ email: string }> }) =>
  p.customers
    .map((c) => c.email)
    .filter((e) => e.startsWith('seg.'))
    .sort();

describe('customer segments', () => {
  it('finds who bought what when, who has a date coming, who spent over an amount; saves, counts and exports them', async () => {
    const today = storeToday(t.config.STORE_TIMEZONE);
    const ada = await customer('seg.ada@example.com', 'Ada', [
      { kind: 'anniversary', ...monthDay(addDays(today, 40)) },
    ]);
    const ben = await customer('seg.ben@example.com', 'Ben');
    const cy = await customer('seg.cy@example.com', 'Cyrus');
    await customer('seg.dana@example.com', 'Dana', [{ kind: 'anniversary', ...monthDay(addDays(today, 10)) }]);
    // A name that reads as a formula (an older account, an import): the export keeps it text.
    await t.database.db.execute(
      sql`update app_user set first_name = '=HYPERLINK("http://x")' where email = 'seg.dana@example.com'`,
    );
    const adaSpent = await bought(ada, 'seg.ada@example.com', 10, true);
    await bought(ben, 'seg.ben@example.com', 11, true);
    await bought(ben, 'seg.ben@example.com', 1); // a band since
    await bought(cy, 'seg.cy@example.com', 3, true);

    const proposal = { bought: { piece: 'engagement', fromMonths: 9, toMonths: 12 }, notBought: 'band' };
    const a = await found(proposal);
    expect(a.description).toBe('Bought an engagement ring 9–12 months ago and no band');
    expect(emails(a)).toEqual(['seg.ada@example.com']);
    expect(emails(await found({ bought: { piece: 'engagement', fromMonths: 9, toMonths: 12 } }))).toEqual([
      'seg.ada@example.com',
      'seg.ben@example.com',
    ]);
    expect(emails(await found({ dateWithin: { kind: 'anniversary', days: 30 } }))).toEqual(['seg.dana@example.com']);
    expect(emails(await found({ dateWithin: { kind: 'any', days: 60 } }))).toEqual([
      'seg.ada@example.com',
      'seg.dana@example.com',
    ]);
    expect(
      emails(
        await found({ spentOverCents: adaSpent - 1, bought: { piece: 'engagement', fromMonths: 0, toMonths: 24 } }),
      ),
    ).toEqual(['seg.ada@example.com', 'seg.ben@example.com', 'seg.cy@example.com']);
    expect((await found({ spentOverCents: 1_000_000_000 })).count).toBe(0);
    const bad = await adminCall(t, manager, 'POST', '/segments/preview', {
      filter: { bought: { piece: 'engagement', fromMonths: 12, toMonths: 9 } },
    });
    expect(bad.statusCode).toBe(400);

    // Saved, listed with its count, exported whole (a name typed as a formula stays text).
    const saved = await adminCall(t, manager, 'POST', '/segments', {
      name: 'Proposal, no band yet',
      filter: proposal,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as number;
    const dates = await adminCall(t, manager, 'POST', '/segments', {
      name: 'Anniversaries this month',
      filter: { dateWithin: { kind: 'anniversary', days: 30 } },
    });
    const list = (await adminCall(t, manager, 'GET', '/segments')).json().data as Array<{
      name: string;
      count: number;
    }>;
    expect(list.find((s) => s.name === 'Proposal, no band yet')!.count).toBe(a.count);
    const csv = await adminCall(t, manager, 'GET', `/segments/${dates.json().data.id}/customers.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/facet-anniversaries-this-month-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Email,First name,Last name,Phone,Orders,Spent (USD),Last order,Agreed to e-mails');
    const dana = lines.find((l) => l.startsWith('seg.dana@example.com'))!;
    expect(dana).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect((await adminCall(t, manager, 'GET', '/segments/999999/customers.csv')).statusCode).toBe(404);

    // Fulfilment staff neither see nor change them; changes are audited.
    const fulfilment = (await staffSession(t, 'fulfilment')).cookie;
    expect((await adminCall(t, fulfilment, 'GET', `/segments/${id}/customers.csv`)).statusCode).toBe(403);
    expect((await adminCall(t, fulfilment, 'DELETE', `/segments/${id}`)).statusCode).toBe(403);
    expect((await adminCall(t, manager, 'DELETE', `/segments/${id}`)).statusCode).toBe(200);
    expect((await adminCall(t, manager, 'DELETE', `/segments/${id}`)).statusCode).toBe(404);
    const owner = (await staffSession(t, 'owner')).cookie;
    const log = (await adminCall(t, owner, 'GET', '/audit?entity=segment')).json().data;
    expect((log.rows ?? log).map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['segment.create', 'segment.delete']),
    );
  });

  it('a date window crosses the year and keeps February 29 on the 28th in other years', () => {
    expect(windowDays('2026-12-30', 4)).toEqual([
      { month: 12, day: 30 },
      { month: 12, day: 31 },
      { month: 1, day: 1 },
      { month: 1, day: 2 },
    ]);
    expect(windowDays('2027-02-27', 3)).toEqual([
      { month: 2, day: 27 },
      { month: 2, day: 28 },
      { month: 2, day: 29 },
      { month: 3, day: 1 },
    ]);
  });
});
