import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import sharp from 'sharp';
import { adminCall, ORIGIN, staffSession } from '../../test/staff.ts';

// A piece in the workshop: opened at the counter or for a ring bought here (resized free once,
// within the window), estimated, approved and paid by the customer from the e-mailed link, and
// moved on to its return, each step e-mailed.

let t: TestApp;
let manager: string;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const CARD = { name: 'Ada King', number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000' });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const customer = () => ({ name: 'Ines Duarte', email: `ines.${randomUUID().slice(0, 8)}@example.com`, phone: '' });
const mailsTo = (email: string) =>
  q<{ kind: string; subject: string; text: string }>(
    sql`select kind, subject, text_body as text from outbox_mail where to_address = ${email} order by id`,
  );

/** A band bought by a guest and delivered (its order number). */
async function deliveredBand() {
  const [band] = await q<{ id: number }>(sql`select p.id from product p join product_group g on g.id = p.group_id
    where g.kind = 'band' and g.published and not g.configurable and not g.stock_tracked and p.active order by p.id limit 1`);
  const session = randomUUID();
  await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { 'x-session-id': session },
    payload: { kind: 'product', id: band!.id },
  });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
    payload: orderBody(`band.${randomUUID().slice(0, 8)}@example.com`),
  });
  const number = placed.json().data.number as string;
  for (const status of ['in_production', 'ready_to_ship', 'shipped', 'delivered']) {
    const o = (await adminCall(t, manager, 'GET', `/orders/${number}`)).json().data;
    await adminCall(t, manager, 'POST', `/orders/${number}/status`, {
      version: o.version,
      status,
      ...(status === 'shipped' ? { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } : {}),
    });
  }
  return number;
}

describe('service tickets', () => {
  it('a repair brought in: estimate e-mailed, approved and paid from its link, moved on to its return', async () => {
    const who = customer();
    const opened = await adminCall(t, manager, 'POST', '/service-tickets', {
      kind: 'repair',
      customer: who,
      piece: '18K yellow gold tennis bracelet, clasp loose',
      dueOn: due,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const ticket = opened.json().data;
    expect(ticket).toMatchObject({ status: 'received', free: false, estimateCents: null });
    expect((await adminCall(t, manager, 'GET', '/service-tickets')).json().data.rows[0].dueOn <= due).toBe(true);

    const est = await adminCall(t, manager, 'POST', `/service-tickets/${ticket.number}/estimate`, {
      version: ticket.version,
      amountCents: 8_500,
      note: 'Replace the box clasp and safety catch.',
      dueOn: due,
    });
    expect(est.statusCode, est.body).toBe(200);
    const mails = await mailsTo(who.email);
    expect(mails.map((m) => m.kind)).toEqual(['service-received', 'service-estimated']);
    const token = decodeURIComponent(/\/service\/SVC-\w+\?token=([\w%-]+)/.exec(mails[1]!.text)![1]!);

    // Anyone without the link sees nothing; the customer sees the estimate.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/service/${ticket.number}?token=${'x'.repeat(43)}` })).statusCode,
    ).toBe(404);
    const view = await t.app.inject({ method: 'GET', url: `/api/service/${ticket.number}?token=${token}` });
    expect(view.json().data).toMatchObject({ status: 'estimated', estimateCents: 8_500, paid: false });

    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/service/${ticket.number}/approve`,
      payload: { token, card: { ...CARD, number: '4000 0000 0000 0002' } },
    });
    expect(declined.statusCode).toBe(402);
    const approve = () =>
      t.app.inject({ method: 'POST', url: `/api/service/${ticket.number}/approve`, payload: { token, card: CARD } });
    const [a, b] = await Promise.all([approve(), approve()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const staffView = (await adminCall(t, manager, 'GET', `/service-tickets/${ticket.number}`)).json().data;
    expect(staffView).toMatchObject({ status: 'approved', paid: { cents: 8_500, last4: '4242' } });

    let version = staffView.version;
    for (const next of ['in_work', 'ready', 'returned']) {
      const res = await adminCall(t, manager, 'POST', `/service-tickets/${ticket.number}/advance`, { version });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe(next);
      version = res.json().data.version;
    }
    const stale = await adminCall(t, manager, 'POST', `/service-tickets/${ticket.number}/advance`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await mailsTo(who.email)).map((m) => m.kind)).toEqual([
      'service-received',
      'service-estimated',
      'service-approved-by-customer',
      'service-in_work',
      'service-ready',
      'service-returned',
    ]);
    expect(
      (await adminCall(t, manager, 'GET', '/service-tickets'))
        .json()
        .data.rows.map((r: { number: string }) => r.number),
    ).not.toContain(ticket.number);
  });

  it('resizes a ring bought here free, once, within the window', async () => {
    const number = await deliveredBand();
    const open = () =>
      adminCall(t, manager, 'POST', '/service-tickets', {
        kind: 'resize',
        customer: customer(),
        piece: 'The band bought here',
        order: { number, line: 0 },
        targetSize: 7.5,
        dueOn: due,
      });
    const first = await open();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ free: true, status: 'approved', estimateCents: 0 });
    const second = await open();
    expect(second.json().data).toMatchObject({ free: false, status: 'received' });
    const noSize = await adminCall(t, manager, 'POST', '/service-tickets', {
      kind: 'resize',
      customer: customer(),
      piece: 'A ring',
      dueOn: due,
    });
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().errors).toEqual({ targetSize: 'Give the size to make it' });
  });

  it('keeps photographs of the piece at intake, for staff with the permission only', async () => {
    const opened = await adminCall(t, manager, 'POST', '/service-tickets', {
      kind: 'cleaning',
      customer: customer(),
      piece: 'Platinum solitaire, scratch on the shank',
      dueOn: due,
    });
    const number = opened.json().data.number as string;
    const boundary = `----facet${randomUUID()}`;
    const image = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#d9d9d6' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'someone' } })
      .toBuffer();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/service-tickets/${number}/photos`,
        headers: { origin: ORIGIN, cookie: manager, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          image,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    const up = await send();
    expect(up.statusCode, up.body).toBe(200);
    const [photo] = up.json().data.photos;
    expect(photo).toMatchObject({ width: 800, height: 800 });
    const get = (cookie: string | null) =>
      t.app.inject({ method: 'GET', url: photo.small, headers: cookie ? { cookie } : {} });
    const mine = await get(manager);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(mine.rawPayload).metadata()).exif).toBeUndefined();
    expect((await get(null)).statusCode).toBe(401);
    expect((await get((await staffSession(t, 'fulfilment')).cookie)).statusCode).toBe(403);
    // Through another ticket's address the photograph is not found.
    const other = (
      await adminCall(t, manager, 'POST', '/service-tickets', {
        kind: 'appraisal',
        customer: customer(),
        piece: 'Gold locket',
        dueOn: due,
      })
    ).json().data.number as string;
    expect((await get(manager)).statusCode).toBe(200);
    const wrong = await t.app.inject({
      method: 'GET',
      url: photo.small.replace(number, other),
      headers: { cookie: manager },
    });
    expect(wrong.statusCode).toBe(404);
    // Six at most: the seventh is refused with the reason, and the six stay.
    for (let n = 2; n <= 6; n++) expect((await send()).json().data.photos).toHaveLength(n);
    const seventh = await send();
    expect(seventh.statusCode).toBe(422);
    expect(seventh.json().message).toBe('A ticket keeps at most 6 photographs.');
    expect((await adminCall(t, manager, 'GET', `/service-tickets/${number}`)).json().data.photos).toHaveLength(6);
  });
});
