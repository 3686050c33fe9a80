import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import sharp from 'sharp';
import { adminCall, ORIGIN, staffSession } from '../../test/staff.ts';

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
  for (const status of ['in_production', 'ready_to_ship', 'shipped', 'delivered']) {
    const o = (await adminCall(t, owner, 'GET', `/orders/${number}`)).json().data;
    const res = await adminCall(t, owner, 'POST', `/orders/${number}/status`, {
      version: o.version,
      status,
      ...(status === 'shipped' ? { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
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
    const [approved] = await q<{ attachments: Array<{ filename: string; encoding: string }> }>(
      sql`select attachments from outbox_mail where to_address = ${email} and kind = 'return-approved'`,
    );
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
    const refunded = await step('refund', {});
    expect(refunded.status).toBe('refunded');
    expect(refunded.refundCents).toBe(quote.goodsCents + quote.taxCents);
    const afterOrder = (await adminCall(t, owner, 'GET', `/orders/${number}`)).json().data;
    expect(afterOrder.refundedCents).toBe(quote.goodsCents + quote.taxCents);
    const [refundMail] = await q<{ subject: string }>(
      sql`select subject from outbox_mail where to_address = ${email} and kind = 'return-refunded'`,
    );
    expect(refundMail!.subject).toContain('refund of');
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
