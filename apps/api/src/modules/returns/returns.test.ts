import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import sharp from 'sharp';
import { adminCall, ORIGIN, staffSession, stepOrder } from '../../test/staff.ts';

// Returns from a shopper's side and the back office's: asked within the window from a delivered
// order (engraved pieces and what was already returned refused with the reason), approved with a
// label, received, inspected back on sale and refunded through the order's own refund.

let t: TestApp;
let owner: string;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000', RATE_LIMIT_FORM_MAX: '1000' });
  owner = (await staffSession(t, 'owner')).cookie;
});
afterAll(() => t.close());

const shopper = (method: string, url: string, payload?: object, token?: string) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api${url}${token ? `?token=${encodeURIComponent(token)}` : ''}`,
    ...(payload ? { payload } : {}),
  });

/** A guest order of two shelf chains and an engraved band, taken to delivered by staff: its number and the delivery e-mail's token. */
async function deliveredOrder() {
  const [chain] = await q<{ id: number }>(sql`select p.id from product p join product_group g on g.id = p.group_id
    where g.kind = 'chain' and g.published and not g.configurable and g.stock_tracked is false and p.active
    order by p.id limit 1`);
  await t.database.db.execute(sql`update product_group g set stock_tracked = true from product p
    where p.group_id = g.id and p.id = ${chain!.id}`);
  await t.database.db.execute(sql`update product set stock = 10 where id = ${chain!.id}`);
  const [band] = await q<{ id: number }>(sql`select p.id from product p join product_group g on g.id = p.group_id
    where g.kind = 'band' and g.published and not g.configurable and not g.stock_tracked and p.active
    and g.engraving is not null order by p.id limit 1`);
  const session = randomUUID();
  const add = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'x-session-id': session }, payload });
  expect((await add({ kind: 'product', id: chain!.id, quantity: 2 })).statusCode).toBe(200);
  expect((await add({ kind: 'product', id: band!.id, engraving: { text: 'A & B', font: 'roman' } })).statusCode).toBe(
    200,
  );
  const email = `returner.${randomUUID().slice(0, 8)}@example.com`;
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
    payload: orderBody(email),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const number = placed.json().data.number as string;
  await stepOrder(t, owner, number, ['in_production', 'ready_to_ship', 'shipped', 'delivered']);
  const [mail] = await q<{ text: string }>(
    sql`select text_body as text from outbox_mail where to_address = ${email} and kind = 'order-delivered'`,
  );
  const token = decodeURIComponent(/\/orders\/FCT-\w+\/return\?token=([\w%-]+)/.exec(mail!.text)![1]!);
  return { number, token, email, chainId: chain!.id };
}

describe('a return, asked by the shopper and taken through by staff', () => {
  it('is asked from the delivery e-mail’s link, within the window, for what can come back', async () => {
    const { number, token, email, chainId } = await deliveredOrder();
    // Without the token (and not signed in) the order is not found, as any other order.
    expect((await shopper('GET', `/order/${number}/returns`)).statusCode).toBe(404);
    const view = (await shopper('GET', `/order/${number}/returns`, undefined, token)).json().data;
    expect(view.lines.map((l: { returnable: number; why: string | null }) => [l.returnable, l.why])).toEqual([
      [2, null],
      [0, 'Engraved pieces are made for you and cannot be returned.'],
    ]);
    const ask = (lines: object[]) =>
      shopper('POST', `/order/${number}/returns`, { lines, reason: 'does-not-fit', resolution: 'refund' }, token);
    const engraved = await ask([{ line: 1, quantity: 1 }]);
    expect(engraved.statusCode).toBe(422);
    expect(engraved.json().message).toMatch(/Engraved pieces are made for you and cannot be returned/);
    const tooMany = await ask([{ line: 0, quantity: 3 }]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toMatch(/only 2 can be returned/);

    const asked = await ask([{ line: 0, quantity: 1 }]);
    expect(asked.statusCode, asked.body).toBe(201);
    const rma = asked.json().data.returns[0];
    expect(rma).toMatchObject({ status: 'requested', lines: [{ quantity: 1 }] });
    expect(asked.json().data.lines[0].returnable).toBe(1);
    const [told] = await q<{ subject: string }>(
      sql`select subject from outbox_mail where to_address = ${email} and kind = 'return-requested'`,
    );
    expect(told!.subject).toContain(rma.number);
    expect((await adminCall(t, owner, 'GET', '/dashboard')).json().data.returnsWaiting).toBeGreaterThanOrEqual(1);

    // Staff: approve with a label (a PDF, attached to the e-mail), receive, inspect back on sale, refund.
    const step = async (path: string, body: object) => {
      const now = (await adminCall(t, owner, 'GET', `/returns/${rma.number}`)).json().data;
      const res = await adminCall(t, owner, 'POST', `/returns/${rma.number}/${path}`, {
        version: now.version,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const notPdf = await adminCall(t, owner, 'POST', `/returns/${rma.number}/approve`, {
      version: 1,
      message: 'Pack it well.',
      label: { filename: 'label.pdf', base64: Buffer.from('not a pdf').toString('base64') },
    });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe('The label must be a PDF file.');
    await step('approve', {
      message: 'Pack it in its box and drop it at any UPS counter.',
      label: { filename: 'label.pdf', base64: PDF.toString('base64') },
    });
    const [approved] = await q<{ attachments: Array<{ filename: string; encoding: string }>; text: string }>(
      sql`select attachments, text_body as text from outbox_mail where to_address = ${email} and kind = 'return-approved'`,
    );
    // How to send it, whatever the staff member wrote: packing, and the label (or else the address).
    expect(approved!.text).toContain('Pack each piece in its original box');
    expect(approved!.text).toContain('The prepaid, insured label is attached');
    expect(approved!.attachments).toEqual([
      expect.objectContaining({ filename: 'label.pdf', contentType: 'application/pdf', encoding: 'base64' }),
    ]);
    // A second member working from the same page is told to reload, not allowed to step twice.
    const stale = await adminCall(t, owner, 'POST', `/returns/${rma.number}/receive`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'This return was changed by someone else — reload to see the change, then try again.',
    );
    const wrongStep = await adminCall(t, owner, 'POST', `/returns/${rma.number}/refund`, { version: 2 });
    expect(wrongStep.statusCode).toBe(409);
    expect(wrongStep.json().message).toBe('A return that is approved cannot be refunded.');

    const owing = async () =>
      (await adminCall(t, owner, 'GET', `/orders/${number}/returns`)).json().data.returns[0].owedCents as number;
    // Nothing is owed until the piece is back.
    expect(await owing()).toBe(0);
    await step('receive', {});
    const [before] = await q<{ stock: number }>(sql`select stock from product where id = ${chainId}`);
    await step('inspect', { condition: 'as-expected', restock: true, note: 'Clasp fine' });
    const [after] = await q<{ stock: number }>(sql`select stock from product where id = ${chainId}`);
    expect(after!.stock).toBe(before!.stock + 1);

    const quote = (await adminCall(t, owner, 'GET', `/returns/${rma.number}`)).json().data.quote;
    const order = (await adminCall(t, owner, 'GET', `/orders/${number}`)).json().data;
    const unit = order.lines[0].lineTotalCents / 2;
    expect(quote.goodsCents).toBe(unit);
    expect(quote.feeCents).toBe(0);
    // The order's page says what is owed, the amount the refund then gives.
    expect(await owing()).toBe(quote.goodsCents + quote.taxCents);
    const refunded = await step('refund', {});
    expect(await owing()).toBe(0);
    expect(refunded.status).toBe('refunded');
    expect(refunded.refundCents).toBe(quote.goodsCents + quote.taxCents);
    const afterOrder = (await adminCall(t, owner, 'GET', `/orders/${number}`)).json().data;
    expect(afterOrder.refundedCents).toBe(quote.goodsCents + quote.taxCents);
    const [refundMail] = await q<{ subject: string }>(
      sql`select subject from outbox_mail where to_address = ${email} and kind = 'return-refunded'`,
    );
    expect(refundMail!.subject).toContain('refund of');
    // One e-mail for the refund (the return's, saying where it went), not the order's as well.
    const refundMails = await q<{ kind: string; text: string }>(
      sql`select kind, text_body as text from outbox_mail where to_address = ${email} and kind in ('return-refunded', 'order-refunded') order by id`,
    );
    expect(refundMails.map((m) => m.kind)).toEqual(['return-refunded']);
    expect(refundMails[0]!.text).toMatch(/We refunded \$[\d,.]+ to your \w+ ending \d{4}/);
    // The shopper sees it on the order's page and its timeline.
    const mine = (await shopper('GET', `/order/${number}/returns`, undefined, token)).json().data;
    expect(mine.returns[0]).toMatchObject({ status: 'refunded', refundCents: quote.goodsCents + quote.taxCents });
    expect(mine.lines[0].returnable).toBe(1);
  });

  it('is refused before delivery and after the window, saying when', async () => {
    const { number, token } = await deliveredOrder();
    // 31 days on (the store's clock only; the delivery's record stays as written).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31 * 86_400_000);
      const view = (await shopper('GET', `/order/${number}/returns`, undefined, token)).json().data;
      expect(view.lines[0].why).toMatch(/^The 30-day return window closed on \w+ \d+, \d{4}\.$/);
      const late = await shopper(
        'POST',
        `/order/${number}/returns`,
        { lines: [{ line: 0, quantity: 1 }], reason: 'changed-mind', resolution: 'refund' },
        token,
      );
      expect(late.statusCode).toBe(422);
      expect(late.json().message).toMatch(/return window closed/);
    } finally {
      vi.useRealTimers();
    }
    // 29 days on it is still open.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 29 * 86_400_000);
      const view = (await shopper('GET', `/order/${number}/returns`, undefined, token)).json().data;
      expect(view.lines[0].why).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not open before the order is delivered', async () => {
    const session = randomUUID();
    const [chain] = await q<{ id: number }>(sql`select p.id from product p join product_group g on g.id = p.group_id
      where g.kind = 'chain' and g.published and not g.configurable and not g.stock_tracked and p.active order by p.id limit 1`);
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': session },
      payload: { kind: 'product', id: chain!.id },
    });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
      payload: orderBody(`early.${randomUUID().slice(0, 8)}@example.com`),
    });
    const { number, accessToken } = placed.json().data;
    const view = (await shopper('GET', `/order/${number}/returns`, undefined, accessToken)).json().data;
    expect(view.until).toBeNull();
    expect(view.lines[0]).toMatchObject({ returnable: 0, why: 'Returns open once the order is delivered.' });
  });

  it('lets one of two racing requests take the last piece', async () => {
    const { number, token } = await deliveredOrder();
    const ask = () =>
      shopper(
        'POST',
        `/order/${number}/returns`,
        { lines: [{ line: 0, quantity: 2 }], reason: 'changed-mind', resolution: 'refund' },
        token,
      );
    const answers = await Promise.all([ask(), ask(), ask()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422]);
  });

  it('takes the shopper’s photographs while the request waits; staff see them, nobody else', async () => {
    const { number, token } = await deliveredOrder();
    const other = await deliveredOrder();
    const asked = await shopper(
      'POST',
      `/order/${number}/returns`,
      { lines: [{ line: 0, quantity: 1 }], reason: 'arrived-damaged', resolution: 'refund' },
      token,
    );
    const rma = asked.json().data.returns[0].number as string;
    const image = await sharp({ create: { width: 700, height: 700, channels: 3, background: '#c9a54e' } })
      .jpeg()
      .toBuffer();
    const send = (orderNumber: string, tok: string) => {
      const boundary = `----facet${randomUUID()}`;
      return t.app.inject({
        method: 'POST',
        url: `/api/order/${orderNumber}/returns/${rma}/photos?token=${encodeURIComponent(tok)}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          image,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    const sent = await send(number, token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.returns[0].photos).toBe(1);
    // Three at most: the fourth is refused with the reason.
    for (const n of [2, 3]) expect((await send(number, token)).json().data.returns[0].photos).toBe(n);
    const fourth = await send(number, token);
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().message).toBe('A return takes at most 3 photographs.');
    // Another order's token does not reach this return.
    expect((await send(other.number, other.token)).statusCode).toBe(404);
    const staffView = (await adminCall(t, owner, 'GET', `/returns/${rma}`)).json().data;
    expect(staffView.photos).toHaveLength(3);
    const small = staffView.photos[0].small as string;
    const seen = await t.app.inject({ method: 'GET', url: small, headers: { cookie: owner, origin: ORIGIN } });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ method: 'GET', url: small })).statusCode).toBe(401);
    // Once staff have answered, photographs go by e-mail instead.
    await adminCall(t, owner, 'POST', `/returns/${rma}/approve`, {
      version: staffView.version,
      message: 'Send it insured.',
    });
    const late = await send(number, token);
    expect(late.statusCode).toBe(409);
  });
});

describe('an exchange', () => {
  const card = (number: string) => ({ name: 'Ada King', number, expMonth: 12, expYear: 2099, cvc: '123' });
  /** A catalogue piece (by SKU) sold as it is, priced below or above `cents`. */
  const skuPriced = async (cmp: 'below' | 'above', cents: number) =>
    (
      await q<{ sku: string; priceCents: number }>(sql`select p.sku, p.price_cents as "priceCents" from product p
        join product_group g on g.id = p.group_id
        where g.published and not g.configurable and not g.stock_tracked and p.active
          and ${cmp === 'below' ? sql`p.price_cents < ${cents}` : sql`p.price_cents > ${cents}`}
        order by p.price_cents ${cmp === 'below' ? sql`desc` : sql`asc`} limit 1`)
    )[0]!;
  /** A delivered order whose chain is asked back for an exchange and taken to inspected. */
  async function inspectedExchange() {
    const o = await deliveredOrder();
    const asked = await shopper(
      'POST',
      `/order/${o.number}/returns`,
      {
        lines: [{ line: 0, quantity: 1 }],
        reason: 'does-not-fit',
        resolution: 'exchange',
        exchangeFor: 'The same chain, 20 inches',
      },
      o.token,
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const rma = asked.json().data.returns[0];
    expect(rma).toMatchObject({ resolution: 'exchange', exchangeFor: 'The same chain, 20 inches' });
    for (const [path, body] of [
      ['approve', { message: 'Send it back insured.' }],
      ['receive', {}],
      ['inspect', { condition: 'as-expected', restock: true }],
    ] as const) {
      const now = (await adminCall(t, owner, 'GET', `/returns/${rma.number}`)).json().data;
      const res = await adminCall(t, owner, 'POST', `/returns/${rma.number}/${path}`, {
        version: now.version,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const staff = (await adminCall(t, owner, 'GET', `/returns/${rma.number}`)).json().data;
    return { ...o, rma: rma.number as string, staff };
  }

  it('asks what the shopper would like instead', async () => {
    const { number, token } = await deliveredOrder();
    const res = await shopper(
      'POST',
      `/order/${number}/returns`,
      { lines: [{ line: 0, quantity: 1 }], reason: 'does-not-fit', resolution: 'exchange' },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ exchangeFor: 'Tell us what you would like instead' });
  });

  it('for less: the replacement order is paid by the credit and the rest refunded to the card', async () => {
    const { number, email, rma, staff } = await inspectedExchange();
    const credit = staff.quote.goodsCents + staff.quote.taxCents;
    const cheaper = await skuPriced('below', Math.floor(staff.quote.goodsCents / 2));
    const lines = [{ sku: cheaper.sku.toLowerCase(), quantity: 1 }];
    const unknown = await adminCall(t, owner, 'POST', `/returns/${rma}/exchange`, {
      version: staff.version,
      lines: [{ sku: 'NO-SUCH-SKU', quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('There is no piece with the SKU NO-SUCH-SKU.');
    // A preview prices it and changes nothing.
    const preview = await adminCall(t, owner, 'POST', `/returns/${rma}/exchange`, {
      version: staff.version,
      lines,
      preview: true,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const offer = preview.json().data.exchange;
    const settings = (await adminCall(t, owner, 'GET', '/settings')).json().data;
    const rate = (settings.settings ?? settings).taxRates.NY as number;
    expect(offer).toMatchObject({
      subtotalCents: cheaper.priceCents,
      creditCents: credit,
      orderNumber: null,
      lines: [{ sku: cheaper.sku.toUpperCase(), quantity: 1, unitPriceCents: cheaper.priceCents }],
    });
    expect(offer.totalCents).toBe(offer.subtotalCents + offer.taxCents);
    // Tax at the original address (New York) at the store's rate; it ships free.
    expect(offer.taxCents).toBe(Math.round((cheaper.priceCents * rate) / 100_000));
    expect(offer.differenceCents).toBe(offer.totalCents - credit);
    expect(preview.json().data.status).toBe('inspected');

    const done = await adminCall(t, owner, 'POST', `/returns/${rma}/exchange`, { version: staff.version, lines });
    expect(done.statusCode, done.body).toBe(200);
    const after = done.json().data;
    expect(after.status).toBe('exchanged');
    expect(after.exchange.orderNumber).toMatch(/^FCT-/);
    expect(after.refundCents).toBe(credit - offer.totalCents);
    const replacement = (await adminCall(t, owner, 'GET', `/orders/${after.exchange.orderNumber}`)).json().data;
    expect(replacement).toMatchObject({ email, totals: { totalCents: offer.totalCents }, paidCents: offer.totalCents });
    expect(replacement.lines.map((l: { title: string }) => l.title)).toEqual([offer.lines[0].title]);
    // The original order gave the whole credit: part to the replacement, the rest back to the card.
    const original = (await adminCall(t, owner, 'GET', `/orders/${number}`)).json().data;
    expect(original.refundedCents).toBe(credit);
    const refunds = await q<{ amount: number; ref: string }>(sql`select r.amount_cents as amount, r.provider_ref as ref
      from order_refund r join customer_order o on o.id = r.order_id where o.number = ${number} order by r.id`);
    expect(refunds).toEqual([
      { amount: credit - offer.totalCents, ref: expect.not.stringMatching(/^exchange:/) },
      { amount: offer.totalCents, ref: `exchange:${after.exchange.orderNumber}` },
    ]);
    const mails = await q<{ kind: string; subject: string }>(
      sql`select kind, subject from outbox_mail where to_address = ${email} order by id`,
    );
    expect(mails.find((m) => m.kind === 'return-exchanged')!.subject).toContain(after.exchange.orderNumber);
    // The rest of the credit: said once, in the exchange's e-mail, with where it went (no "bank" for a gift card).
    expect(mails.filter((m) => m.kind === 'order-refunded')).toEqual([]);
    const [exchanged] = await q<{ text: string }>(
      sql`select text_body as text from outbox_mail where to_address = ${email} and kind = 'return-exchanged'`,
    );
    expect(exchanged!.text).toMatch(/We refunded \$[\d,.]+ to (your \w+ ending \d{4}|the gift card ending \w{4})/);
    expect(mails.some((m) => m.kind === 'order-confirmation' && m.subject.includes(after.exchange.orderNumber))).toBe(
      true,
    );
    // Done once: a second exchange of the same return is refused.
    const again = await adminCall(t, owner, 'POST', `/returns/${rma}/exchange`, { version: after.version, lines });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A return that is exchanged cannot be exchanged.');
  });

  it('for more: the shopper pays the difference from the e-mailed link, then the replacement is made', async () => {
    const { number, email, rma, staff } = await inspectedExchange();
    const credit = staff.quote.goodsCents + staff.quote.taxCents;
    const pricier = await skuPriced('above', credit + 20_000);
    const waiting = async () => (await adminCall(t, owner, 'GET', '/dashboard')).json().data.returnsWaiting as number;
    const before = await waiting();
    const res = await adminCall(t, owner, 'POST', `/returns/${rma}/exchange`, {
      version: staff.version,
      lines: [{ sku: pricier.sku, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const offer = res.json().data.exchange;
    expect(res.json().data.status).toBe('awaiting-payment');
    // Waiting for the customer, not for staff: the dashboard's queue no longer counts it.
    expect(await waiting()).toBe(before - 1);
    expect(offer.differenceCents).toBe(offer.totalCents - credit);
    const [mail] = await q<{ subject: string; text: string }>(sql`select subject, text_body as text from outbox_mail
      where to_address = ${email} and kind = 'return-awaiting-payment'`);
    expect(mail!.subject).toContain('to pay');
    const link = decodeURIComponent(/\/orders\/FCT-\w+\/return\?token=([\w%-]+)/.exec(mail!.text)![1]!);
    // The link opens this order's returns (and no other order's).
    const view = await shopper('GET', `/order/${number}/returns`, undefined, link);
    expect(view.statusCode).toBe(200);
    expect(view.json().data.returns[0]).toMatchObject({ status: 'awaiting-payment', exchange: offer });
    const other = await deliveredOrder();
    expect((await shopper('GET', `/order/${other.number}/returns`, undefined, link)).statusCode).toBe(404);

    const pay = (c: string) => shopper('POST', `/order/${number}/returns/${rma}/pay`, { card: card(c) }, link);
    const declined = await pay('4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect((await adminCall(t, owner, 'GET', `/returns/${rma}`)).json().data.status).toBe('awaiting-payment');
    const paid = await pay('4242 4242 4242 4242');
    expect(paid.statusCode, paid.body).toBe(200);
    const after = paid.json().data.returns[0];
    expect(after.status).toBe('exchanged');
    const replacement = (await adminCall(t, owner, 'GET', `/orders/${after.exchange.orderNumber}`)).json().data;
    expect(replacement).toMatchObject({ totals: { totalCents: offer.totalCents }, paidCents: offer.totalCents });
    expect((await adminCall(t, owner, 'GET', `/orders/${number}`)).json().data.refundedCents).toBe(credit);
    // Paid once: a second payment is refused.
    const twice = await pay('4242 4242 4242 4242');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This return is exchanged: there is nothing to pay.');

    // Refunding the replacement: its card gets what it paid, the credit goes back to the original payment.
    const refund = await adminCall(t, owner, 'POST', `/orders/${after.exchange.orderNumber}/refunds`, {
      version: replacement.version,
      amountCents: offer.totalCents,
      reason: 'Changed their mind',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const [row] = await q<{ ref: string }>(sql`select r.provider_ref as ref from order_refund r
      join customer_order o on o.id = r.order_id where o.number = ${after.exchange.orderNumber}`);
    expect(row!.ref.split(' ')).toHaveLength(2);
  });

  it('is not made of a refund request', async () => {
    const { number, token } = await deliveredOrder();
    const asked = await shopper(
      'POST',
      `/order/${number}/returns`,
      { lines: [{ line: 0, quantity: 1 }], reason: 'changed-mind', resolution: 'refund' },
      token,
    );
    const rma = asked.json().data.returns[0].number as string;
    for (const [path, body] of [
      ['approve', { message: 'Send it back insured.' }],
      ['receive', {}],
      ['inspect', { condition: 'as-expected', restock: false }],
    ] as const) {
      const now = (await adminCall(t, owner, 'GET', `/returns/${rma}`)).json().data;
      await adminCall(t, owner, 'POST', `/returns/${rma}/${path}`, { version: now.version, ...body });
    }
    const now = (await adminCall(t, owner, 'GET', `/returns/${rma}`)).json().data;
    const sku = (await skuPriced('below', 100_000)).sku;
    const res = await adminCall(t, owner, 'POST', `/returns/${rma}/exchange`, {
      version: now.version,
      lines: [{ sku, quantity: 1 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This return asks for a refund: refund it instead.');
  });
});
