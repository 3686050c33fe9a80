import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { depositOf } from '@facet/contracts/quotes';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import sharp from 'sharp';
import { adminCall, ORIGIN, staffSession } from '../../test/staff.ts';
import { testCardProvider, type PaymentProvider } from '../payments/index.ts';
import { releaseExpiredHolds } from '../inventory/service.ts';
import { ACCEPT_QUOTE_STEPS, acceptQuote, dayEndsAt, type QuoteDeps } from './service.ts';

// Commissions: staff quote a customer (a named stone held for them, a design fee of the store's
// own), the customer accepts one version and pays its deposit once, the order goes into production,
// the balance is asked for when it is ready, and it ships only once paid in full.

let t: TestApp;
let manager: string;
let sales: string;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const CARD = { name: 'Ada King', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
const ADDRESS = {
  name: 'Ada King',
  line1: '12 Mercer Street',
  city: 'New York',
  state: 'NY',
  zip: '10013',
  phone: '2125550123',
};
const inDays = (d: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: t.config.STORE_TIMEZONE }).format(new Date(Date.now() + d * 86_400_000));

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000' });
  manager = (await staffSession(t, 'manager')).cookie;
  sales = (await staffSession(t, 'sales')).cookie;
});
afterAll(() => t.close());

let offset = 0;
/** A diamond on sale nobody else in this file uses. */
const freeDiamond = async () =>
  (
    await q<{ id: number; serial: string; price: number }>(
      sql`select id, serial, price_cents as price from diamond where status = 'available' and supplier_id is null
        order by id limit 1 offset ${offset++ * 7 + 40}`,
    )
  )[0]!;
const stoneStatus = async (id: number) =>
  (
    await q<{ status: string; reason: string | null }>(
      sql`select status, hold_reason as reason from diamond where id = ${id}`,
    )
  )[0]!;
const shopStatus = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/product/diamond?id=${id}` })).json().data.status as string;
const mailsTo = (email: string) =>
  q<{ kind: string; subject: string; text: string }>(
    sql`select kind, subject, text_body as text from outbox_mail where to_address = ${email} order by id`,
  );
const linkIn = async (email: string, re: RegExp) => {
  const mails = await mailsTo(email);
  for (const m of mails.reverse()) {
    const hit = re.exec(m.text);
    if (hit) return decodeURIComponent(hit[1]!);
  }
  throw new Error(`no link in the mail to ${email}`);
};
const quoteToken = (email: string) => linkIn(email, /\/quotes\/QTE-\w+\?token=([\w%-]+)/);

async function newQuote(
  cookie: string,
  opts: { stone?: string; deposit?: unknown; expiresOn?: string; email?: string } = {},
) {
  const email = opts.email ?? `ada.${randomUUID().slice(0, 8)}@example.com`;
  const res = await adminCall(t, cookie, 'POST', '/quotes', {
    email,
    address: ADDRESS,
    lines: [
      ...(opts.stone ? [{ kind: 'stone', ref: opts.stone }] : []),
      { kind: 'custom', title: 'Design fee', description: 'Two CAD renderings', priceCents: 150_000 },
    ],
    deposit: opts.deposit ?? { kind: 'percent', percent: 30 },
    expiresOn: opts.expiresOn ?? inDays(14),
    message: 'Your engagement ring, as we drew it together.',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, quote: res.json().data };
}

const customerView = (number: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/quotes/${number}?token=${encodeURIComponent(token)}` });
const accept = (number: string, token: string, version: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/quotes/${number}/accept`,
    payload: { token, version, card: CARD },
  });

describe('a commission, quoted, accepted and paid', () => {
  it('holds the named stone, takes the deposit once, asks for the balance when ready, ships only when paid', async () => {
    const d = await freeDiamond();
    const { email, quote } = await newQuote(sales, { stone: d.serial });
    const v = quote.versions[0];
    // The server worked the amounts out once: the stone at its price, the fee, NY tax, 30 % of the total.
    expect(v.amounts.subtotalCents).toBe(d.price + 150_000);
    expect(v.amounts.totalCents).toBe(v.amounts.subtotalCents + v.amounts.shippingCents + v.amounts.taxCents);
    expect(v.amounts.taxCents).toBeGreaterThan(0);
    expect(v.amounts.depositCents).toBe(Math.round(v.amounts.totalCents * 0.3));
    expect(v.amounts.balanceCents).toBe(v.amounts.totalCents - v.amounts.depositCents);
    expect(quote.status).toBe('draft');
    // A draft holds nothing.
    expect((await stoneStatus(d.id)).status).toBe('available');

    const sent = await adminCall(t, sales, 'POST', `/quotes/${quote.number}/action`, { action: 'send' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.holds).toHaveLength(1);
    expect(await stoneStatus(d.id)).toEqual({ status: 'held', reason: `Quote ${quote.number}` });
    expect(await shopStatus(d.id)).toBe('held');

    // The e-mail's numbers are the quote's.
    const [mail] = (await mailsTo(email)).filter((m) => m.kind === 'quote-sent');
    expect(mail!.text).toContain(
      `Deposit: $${(v.amounts.depositCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    const token = await quoteToken(email);
    const seen = (await customerView(quote.number, token)).json().data;
    expect(seen.current.amounts).toEqual(v.amounts);
    expect(seen.status).toBe('sent');
    // Without the link (or the account) there is no quote to see.
    expect((await customerView(quote.number, 'x'.repeat(43))).statusCode).toBe(404);

    // Two clicks at once: one order, one deposit.
    const [a, b] = await Promise.all([accept(quote.number, token, 1), accept(quote.number, token, 1)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const orderNumber = a.json().data.order.number as string;
    expect(b.json().data.order.number).toBe(orderNumber);
    // And a retried request later: still the one order.
    expect((await accept(quote.number, token, 1)).json().data.order.number).toBe(orderNumber);
    const orders = await q<{ number: string; paid: number; total: number; status: string }>(
      sql`select number, paid_cents as paid, total_cents as total, status from customer_order where email = ${email}`,
    );
    expect(orders).toEqual([
      { number: orderNumber, paid: v.amounts.depositCents, total: v.amounts.totalCents, status: 'in_production' },
    ]);
    const payments = await q<{ kind: string; amount: number }>(sql`select p.kind, p.amount_cents as amount
      from order_payment p join customer_order o on o.id = p.order_id where o.number = ${orderNumber}`);
    expect(payments).toEqual([{ kind: 'deposit', amount: v.amounts.depositCents }]);
    expect((await stoneStatus(d.id)).status).toBe('sold');
    expect((await mailsTo(email)).map((m) => m.kind)).toContain('quote-accepted');

    // Ready: the balance is e-mailed; it cannot ship before it is paid.
    const step = async (status: string, extra: object = {}) => {
      const read = await adminCall(t, manager, 'GET', `/orders/${orderNumber}`);
      expect(read.statusCode, read.body).toBe(200);
      const o = read.json().data;
      return adminCall(t, manager, 'POST', `/orders/${orderNumber}/status`, { version: o.version, status, ...extra });
    };
    expect((await step('ready_to_ship')).statusCode).toBe(200);
    const ship = await step('shipped', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(ship.statusCode).toBe(422);
    expect(ship.json().message).toContain('still to pay');
    const balanceToken = await linkIn(email, /\/pay\/FCT-\w+\?token=([\w%-]+)/);
    const due = await t.app.inject({ method: 'GET', url: `/api/order/${orderNumber}/balance?token=${balanceToken}` });
    expect(due.json().data.balanceCents).toBe(v.amounts.balanceCents);
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/order/${orderNumber}/balance`,
        payload: { token: balanceToken, card: CARD },
      });
    const [p1, p2] = await Promise.all([pay(), pay()]);
    expect([p1.statusCode, p2.statusCode].sort()).toEqual([200, 409]);
    const paid = (p1.statusCode === 200 ? p1 : p2).json().data;
    expect(paid).toMatchObject({ balanceCents: 0, paidCents: v.amounts.totalCents });
    expect(paid.payments.map((p: { kind: string; amountCents: number }) => [p.kind, p.amountCents])).toEqual([
      ['deposit', v.amounts.depositCents],
      ['balance', v.amounts.balanceCents],
    ]);
    expect((await mailsTo(email)).map((m) => m.kind)).toContain('order-balance-paid');
    expect((await step('shipped', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).statusCode).toBe(200);

    // A refund of all of it goes back to each payment, in the order they came in.
    const o = (await adminCall(t, manager, 'GET', `/orders/${orderNumber}`)).json().data;
    const refund = await adminCall(t, manager, 'POST', `/orders/${orderNumber}/refunds`, {
      version: o.version,
      amountCents: v.amounts.depositCents + 100,
      reason: 'Goodwill',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const split = await q<{ kind: string; refunded: number }>(sql`select p.kind, p.refunded_cents as refunded
      from order_payment p join customer_order o on o.id = p.order_id where o.number = ${orderNumber} order by p.id`);
    expect(split).toEqual([
      { kind: 'deposit', refunded: v.amounts.depositCents },
      { kind: 'balance', refunded: 100 },
    ]);
  });

  it('refuses a version that was replaced, a withdrawn quote and an expired one, each with its reason', async () => {
    const d = await freeDiamond();
    const other = await freeDiamond();
    const { email, quote } = await newQuote(manager, { stone: d.serial });
    await adminCall(t, manager, 'POST', `/quotes/${quote.number}/action`, { action: 'send' });
    const firstToken = await quoteToken(email);
    // Version 2 swaps the stone: the first goes back on sale, the second is held; a new link.
    const revised = await adminCall(t, manager, 'POST', `/quotes/${quote.number}/versions`, {
      baseVersion: 1,
      lines: [
        { kind: 'stone', ref: other.serial },
        { kind: 'custom', title: 'Design fee', priceCents: 150_000 },
      ],
      deposit: { kind: 'amount', cents: 100_000 },
      expiresOn: inDays(10),
      message: 'With the stone you preferred.',
    });
    expect(revised.statusCode, revised.body).toBe(200);
    expect(revised.json().data.versions[0].changes.join('\n')).toMatch(/Added: .*\nRemoved: .*/);
    expect((await stoneStatus(d.id)).status).toBe('available');
    expect((await stoneStatus(other.id)).status).toBe('held');
    // The old link no longer opens it; the new one does, and accepting version 1 is refused.
    expect((await customerView(quote.number, firstToken)).statusCode).toBe(404);
    const token = await quoteToken(email);
    const old = await accept(quote.number, token, 1);
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toContain('version 2');
    // An editor on a stale version is told so.
    const stale = await adminCall(t, manager, 'POST', `/quotes/${quote.number}/versions`, {
      baseVersion: 1,
      lines: [{ kind: 'custom', title: 'Design fee', priceCents: 1 }],
      deposit: { kind: 'percent', percent: 10 },
      expiresOn: inDays(10),
    });
    expect(stale.statusCode).toBe(409);

    // Past its last day: refused, and its stone goes back on sale by itself.
    await t.database.db.execute(sql`update quote_version set expires_at = now() - interval '1 second'
      where quote_id = (select id from quote where number = ${quote.number})`);
    await t.database.db.execute(
      sql`update diamond set hold_until = now() - interval '1 second' where id = ${other.id}`,
    );
    const late = await accept(quote.number, token, 2);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('expired');
    expect((await customerView(quote.number, token)).json().data.status).toBe('expired');
    await releaseExpiredHolds(t.database.db);
    expect((await stoneStatus(other.id)).status).toBe('available');

    // Withdrawn: its stones back on sale at once, its link dead, the customer told.
    const third = await freeDiamond();
    const w = await newQuote(manager, { stone: third.serial });
    await adminCall(t, manager, 'POST', `/quotes/${w.quote.number}/action`, { action: 'send' });
    const wToken = await quoteToken(w.email);
    expect((await stoneStatus(third.id)).status).toBe('held');
    await adminCall(t, manager, 'POST', `/quotes/${w.quote.number}/action`, { action: 'withdraw' });
    expect((await stoneStatus(third.id)).status).toBe('available');
    expect((await accept(w.quote.number, wToken, 1)).statusCode).toBe(404);
    expect((await mailsTo(w.email)).map((m) => m.kind)).toContain('quote-withdrawn');
  });

  it('a held stone is not for a shopper, and a sold one is not for a quote: exactly one wins', async () => {
    const d = await freeDiamond();
    const { quote } = await newQuote(manager, { stone: d.serial });
    const session = randomUUID();
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': session },
      payload: { kind: 'diamond', id: d.id },
    });
    const [send, checkout] = await Promise.all([
      adminCall(t, manager, 'POST', `/quotes/${quote.number}/action`, { action: 'send' }),
      t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
        payload: orderBody(`shopper.${randomUUID().slice(0, 8)}@example.com`),
      }),
    ]);
    expect([send.statusCode === 200, checkout.statusCode === 200].filter(Boolean)).toHaveLength(1);
    const s = await stoneStatus(d.id);
    expect(s.status).toBe(send.statusCode === 200 ? 'held' : 'sold');
    if (send.statusCode !== 200) expect(send.json().message).toContain('no longer on sale');
  });

  it('refuses bad input with the field named, and a deposit larger than the total', async () => {
    const bad = await adminCall(t, manager, 'POST', '/quotes', {
      email: 'not-an-email',
      address: ADDRESS,
      lines: [],
      deposit: { kind: 'percent', percent: 130 },
      expiresOn: inDays(3),
    });
    expect(bad.statusCode).toBe(400);
    const fields = Object.keys(bad.json().errors ?? {});
    expect(fields).toEqual(expect.arrayContaining(['email', 'lines', 'deposit.percent']));
    const tooMuch = await adminCall(t, manager, 'POST', '/quotes', {
      email: 'ada@example.com',
      address: ADDRESS,
      lines: [{ kind: 'custom', title: 'Design fee', priceCents: 10_000 }],
      deposit: { kind: 'amount', cents: 1_000_000 },
      expiresOn: inDays(3),
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toHaveProperty('deposit');
    const far = await adminCall(t, manager, 'POST', '/quotes', {
      email: 'ada@example.com',
      address: ADDRESS,
      lines: [{ kind: 'stone', ref: 'NO-SUCH-STONE' }],
      deposit: { kind: 'percent', percent: 30 },
      expiresOn: inDays(3),
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toContain('NO-SUCH-STONE');
  });
});

describe('a ring as configured, on a quote', () => {
  it('is priced as the configurator prices it, made as configured, and may still be changed before production', async () => {
    const configuration = { groupId: 900001, metal: '14KW', size: 7, stones: [] };
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': randomUUID() },
      payload: { kind: 'configured', configuration },
    });
    const line = cart.json().data.lines[0] as { unitPriceCents: number; details: string[] };
    const sku = line.details.find((d) => d.startsWith('SKU '))!.slice(4);
    const email = `ring.${randomUUID().slice(0, 8)}@example.com`;
    const made = await adminCall(t, sales, 'POST', '/quotes', {
      email,
      address: ADDRESS,
      lines: [{ kind: 'ring', sku: sku.toLowerCase() }],
      deposit: { kind: 'percent', percent: 50 },
      expiresOn: inDays(5),
    });
    expect(made.statusCode, made.body).toBe(201);
    const quote = made.json().data;
    expect(quote.versions[0].lines[0]).toMatchObject({ kind: 'ring', ref: sku, unitPriceCents: line.unitPriceCents });
    const wrong = await adminCall(t, sales, 'POST', '/quotes', {
      email,
      address: ADDRESS,
      lines: [{ kind: 'ring', sku: 'NOPE:14KW:S7' }],
      deposit: { kind: 'percent', percent: 50 },
      expiresOn: inDays(5),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty(['lines.0.sku']);

    await adminCall(t, sales, 'POST', `/quotes/${quote.number}/action`, { action: 'send' });
    const token = await quoteToken(email);
    const accepted = await accept(quote.number, token, 1);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const orderNumber = accepted.json().data.order.number as string;
    const [row] = await q<{ kind: string; configuration: { size: number } }>(sql`select l.kind, l.configuration
      from order_line l join customer_order o on o.id = l.order_id where o.number = ${orderNumber}`);
    expect(row).toMatchObject({ kind: 'configured', configuration: { size: 7 } });
    // In production at once; staff may still change its size, with a note.
    const o = (await adminCall(t, manager, 'GET', `/orders/${orderNumber}`)).json().data;
    const changed = await adminCall(t, manager, 'POST', `/orders/${orderNumber}/changes`, {
      version: o.version,
      change: { line: 0, size: 8 },
      note: 'Measured again at the fitting.',
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });
});

describe("a quote's sketches and renderings", () => {
  const upload = (cookie: string, number: string, name: string, type: string, body: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${number}/files?filename=${encodeURIComponent(name)}`,
      headers: { origin: ORIGIN, cookie, 'content-type': type },
      payload: body,
    });
  it('takes images (kept as WebP) and PDFs; the customer opens them with the quote link, nobody else', async () => {
    const { email, quote } = await newQuote(sales);
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#dde4ea' } })
      .png()
      .toBuffer();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect((await upload(sales, quote.number, 'CAD front view.png', 'image/png', png)).statusCode).toBe(200);
    const withPdf = await upload(sales, quote.number, 'Drawing «1».pdf', 'application/pdf', pdf);
    expect(withPdf.statusCode, withPdf.body).toBe(200);
    const files = withPdf.json().data.files as Array<{ id: number; name: string; contentType: string; url: string }>;
    expect(files.map((f) => [f.name, f.contentType])).toEqual([
      ['CAD front view.webp', 'image/webp'],
      ['Drawing «1».pdf', 'application/pdf'],
    ]);
    // Something that is neither: refused, named.
    const fake = await upload(sales, quote.number, 'notes.pdf', 'application/pdf', Buffer.from('<script>x</script>'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors).toHaveProperty('file');

    const staffImage = await t.app.inject({
      method: 'GET',
      url: files[0]!.url,
      headers: { origin: ORIGIN, cookie: sales },
    });
    expect(staffImage.statusCode).toBe(200);
    expect(staffImage.headers['content-type']).toBe('image/webp');
    expect((await sharp(staffImage.rawPayload).metadata()).format).toBe('webp');

    await adminCall(t, sales, 'POST', `/quotes/${quote.number}/action`, { action: 'send' });
    const token = await quoteToken(email);
    const seen = (await customerView(quote.number, token)).json().data.files as Array<{ url: string; name: string }>;
    const doc = await t.app.inject({ method: 'GET', url: seen[1]!.url });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-disposition']).toBe('attachment; filename="Drawing _1_.pdf"');
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
    expect(doc.rawPayload.equals(pdf)).toBe(true);
    // Without the link: nothing.
    const [, id] = /files\/(\d+)/.exec(seen[1]!.url)!;
    expect((await t.app.inject({ method: 'GET', url: `/api/quotes/${quote.number}/files/${id}` })).statusCode).toBe(
      404,
    );
    // Another quote's customer cannot reach it through their own link either.
    const other = await newQuote(sales);
    await adminCall(t, sales, 'POST', `/quotes/${other.quote.number}/action`, { action: 'send' });
    const otherToken = await quoteToken(other.email);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/quotes/${other.quote.number}/files/${id}?token=${otherToken}` }))
        .statusCode,
    ).toBe(404);
    // Removed: gone for everyone.
    const removed = await adminCall(t, sales, 'DELETE', `/quotes/${quote.number}/files/${id}`);
    expect(removed.json().data.files).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: seen[1]!.url })).statusCode).toBe(404);
  });
});

describe('quote sums', () => {
  it('a percentage deposit rounds to the cent and is never more than the total', () => {
    expect(depositOf({ kind: 'percent', percent: 30 }, 1_000_001)).toBe(300_000);
    expect(depositOf({ kind: 'percent', percent: 30 }, 1_000_005)).toBe(300_002);
    expect(depositOf({ kind: 'amount', cents: 500 }, 400)).toBe(400);
  });
  it('a quote open "until" a day is open to that day’s end on the store’s calendar', () => {
    expect(dayEndsAt('2026-12-01', 'America/New_York').toISOString()).toBe('2026-12-02T05:00:00.000Z');
    expect(dayEndsAt('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-02T04:00:00.000Z');
    expect(dayEndsAt('2026-07-01', 'UTC').toISOString()).toBe('2026-07-02T00:00:00.000Z');
  });
});

describe("the customer's acceptance, as a flow", () => {
  it('names its steps, and a failure after any of them makes no order and gives the deposit back', async () => {
    expect(ACCEPT_QUOTE_STEPS.map((s) => s.name)).toEqual([
      'read quote',
      'take payment',
      'make order',
      'mark accepted',
      'tell customer and store',
    ]);
    const voided: string[] = [];
    const base = testCardProvider();
    const payments: PaymentProvider = {
      ...base,
      void: async (ref) => {
        voided.push(ref);
        return base.void(ref);
      },
    };
    const deps: QuoteDeps = {
      db: t.app.db,
      config: t.config,
      settings: t.app.storeSettings,
      outbox: t.app.outbox,
      payments,
      tax: t.app.tax,
    };
    for (const { name } of ACCEPT_QUOTE_STEPS.slice(1)) {
      const d = await freeDiamond();
      const { email, quote } = await newQuote(manager, { stone: d.serial });
      await adminCall(t, manager, 'POST', `/quotes/${quote.number}/action`, { action: 'send' });
      const token = await quoteToken(email);
      const before = voided.length;
      await expect(
        acceptQuote(
          deps,
          { number: quote.number, token, user: null },
          { version: 1, card: CARD },
          {
            afterStep: (_flow, step) => {
              if (step === name) throw new Error(`failed after ${step}`);
            },
          },
        ),
      ).rejects.toThrow(`failed after ${name}`);
      expect(voided.length - before, name).toBe(1);
      expect(await q(sql`select 1 from customer_order where email = ${email}`), name).toHaveLength(0);
      expect(await stoneStatus(d.id), name).toEqual({ status: 'held', reason: `Quote ${quote.number}` });
      expect(
        (await mailsTo(email)).map((m) => m.kind),
        name,
      ).not.toContain('quote-accepted');
      // And it can still be accepted after.
      expect((await accept(quote.number, token, 1)).statusCode, name).toBe(200);
    }
  });
});
