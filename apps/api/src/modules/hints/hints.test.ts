import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { lastMail } from '../../test/accounts.ts';
import { rowsOf } from '../../db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ HINT_RATE_MAX: '4', HINTS_PER_RECIPIENT_DAY: '2' });
});
afterAll(async () => {
  await t.close();
});

let client = 0;
const hint = (payload: object, ip = `203.0.113.${++client}`) =>
  t.app.inject({ method: 'POST', url: '/api/hints', payload, headers: { 'x-forwarded-for': ip }, remoteAddress: ip });
const diamond = async () =>
  rowsOf<{ id: number; serial: string }>(
    await t.database.db.execute(
      sql`select id, serial from diamond where status = 'available' order by id desc limit 1`,
    ),
  )[0]!;
const hints = async () =>
  rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from outbox_mail where kind = 'hint'`),
  )[0]!.n;

describe('drop a hint', () => {
  it('sends the fixed e-mail with the sender’s name, the note as plain text and the piece’s own link', async () => {
    const d = await diamond();
    const res = await hint({
      item: { kind: 'diamond', id: d.id },
      fromName: 'Sam',
      toEmail: 'Partner@Example.com',
      note: 'Size 6 <b>please</b>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toMatch(/^Hint sent to partner@example\.com/);
    const mail = await lastMail(t, 'partner@example.com', 'hint');
    expect(mail.subject).toBe('Sam dropped a hint');
    expect(mail.text).toContain('“Size 6 <b>please</b>”');
    expect(mail.text).toMatch(new RegExp(`/diamond/${d.serial}/\\d+/${d.id}/${d.id}`));
    const [html] = rowsOf<{ html: string }>(
      await t.database.db.execute(sql`select html from outbox_mail where kind = 'hint' order by id desc limit 1`),
    );
    expect(html!.html).toContain('Size 6 &lt;b&gt;please&lt;/b&gt;');
  });

  it('refuses links in the note, an odd name, an unknown piece, and writes nothing', async () => {
    const d = await diamond();
    const before = await hints();
    const base = { item: { kind: 'diamond', id: d.id }, fromName: 'Sam', toEmail: 'x@example.com' };
    const link = await hint({ ...base, note: 'win big at www.spam.example' });
    expect(link.statusCode).toBe(400);
    expect(link.json().message).toMatch(/links/);
    expect((await hint({ ...base, note: 'see https://evil.test' })).statusCode).toBe(400);
    expect((await hint({ ...base, fromName: 'Visit bit.ly/x' })).statusCode).toBe(400);
    expect((await hint({ ...base, note: 'x'.repeat(301) })).statusCode).toBe(400);
    expect((await hint({ ...base, item: { kind: 'diamond', id: 2_000_000_000 } })).statusCode).toBe(404);
    expect(await hints()).toBe(before);
  });

  it('caps hints per recipient (whoever sends them) and per client', async () => {
    const d = await diamond();
    const to = { item: { kind: 'diamond', id: d.id }, fromName: 'Sam', toEmail: 'popular@example.com' };
    expect((await hint(to)).statusCode).toBe(200);
    expect((await hint(to)).statusCode).toBe(200);
    const third = await hint(to); // a third sender, same recipient
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/enough hints from us today/);

    const ip = '198.51.100.7';
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await hint({ ...to, toEmail: `friend${i}@example.com` }, ip)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429]);
  });
});
