import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import sharp from 'sharp';
import { adminCall, ORIGIN, staffSession } from '../../test/staff.ts';
import { signUp } from '../../test/accounts.ts';
import { testCardProvider, type PaymentProvider } from '../payments/index.ts';
import { APPROVE_ESTIMATE_STEPS, approveEstimate, type TicketDeps } from './service.ts';

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

/** A band bought by a guest and delivered (by default the first band; `where` picks another). */
async function deliveredPiece(
  where = sql`true`,
  bearer?: string,
  email = `band.${randomUUID().slice(0, 8)}@example.com`,
) {
  const [band] = await q<{ id: number }>(sql`select p.id from product p join product_group g on g.id = p.group_id
    where g.kind = 'band' and g.published and not g.configurable and not g.stock_tracked and p.active and ${where}
    order by p.id limit 1`);
  expect(band, 'a band to buy').toBeDefined();
  const session = randomUUID();
  await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { 'x-session-id': session, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    payload: { kind: 'product', id: band!.id },
  });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: {
      'x-session-id': session,
      'idempotency-key': randomUUID(),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    payload: orderBody(email),
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
  const [mail] = await mailsTo(email).then((m) => m.filter((x) => x.kind === 'order-delivered'));
  const token = decodeURIComponent(/\/orders\/FCT-\w+\/return\?token=([\w%-]+)/.exec(mail!.text)![1]!);
  return { number, email, token };
}
const deliveredBand = async () => (await deliveredPiece()).number;
const ETERNITY = sql`g.category_id in (select id from category where id = 1202 or parent_id = 1202)`;

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

  describe('asked for online by the customer', () => {
    const shopper = (method: string, url: string, token: string | null, payload?: object) =>
      t.app.inject({
        method: method as 'GET',
        url: `/api${url}${token ? `?token=${encodeURIComponent(token)}` : ''}`,
        ...(payload ? { payload } : {}),
      });

    it('a free resize: asked with the size, e-mailed with where to send it, received with the day it will be ready', async () => {
      const { number, email, token } = await deliveredPiece(sql`not ${ETERNITY}`);
      // Nobody without the delivery e-mail's link (or the account) sees the order.
      expect((await shopper('GET', `/order/${number}/service`, null)).statusCode).toBe(404);
      const view = (await shopper('GET', `/order/${number}/service`, token)).json().data;
      expect(view.lines[0]).toMatchObject({ serviceable: true, resizable: true, freeResize: true, why: null });

      const noSize = await shopper('POST', `/order/${number}/service`, token, { line: 0, kind: 'resize' });
      expect(noSize.statusCode).toBe(400);
      expect(noSize.json().errors).toEqual({ targetSize: 'Choose the size to make it' });
      const asked = await shopper('POST', `/order/${number}/service`, token, {
        line: 0,
        kind: 'resize',
        targetSize: 7.5,
        note: 'A little loose in winter.',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const after = asked.json().data;
      expect(after.tickets).toHaveLength(1);
      const ticket = after.tickets[0];
      expect(ticket).toMatchObject({ kind: 'resize', status: 'requested', free: true, targetSize: 7.5 });
      // One at a time per piece: a second ask (or a double click) says it is under way.
      expect(after.lines[0]).toMatchObject({ serviceable: false });
      expect(after.lines[0].why).toContain(ticket.number);
      const twice = await shopper('POST', `/order/${number}/service`, token, {
        line: 0,
        kind: 'resize',
        targetSize: 7,
      });
      expect(twice.statusCode).toBe(422);

      const mails = (await mailsTo(email)).filter((m) => m.kind.startsWith('service-'));
      expect(mails.map((m) => m.kind)).toEqual(['service-requested']);
      expect(mails[0]!.text).toContain(ticket.number);
      expect(mails[0]!.text).toContain('to size 7.5');
      expect(mails[0]!.text).toContain('The resize is free');
      // The store hears of it, and its list shows the ticket waiting for the piece.
      const [notice] = await q<{ text: string }>(
        sql`select text_body as text from outbox_mail where kind = 'service-notification' and text_body like ${`%${ticket.number}%`}`,
      );
      expect(notice!.text).toContain('asked for the resize');
      const staff = (await adminCall(t, manager, 'GET', `/service-tickets/${ticket.number}`)).json().data;
      expect(staff).toMatchObject({ status: 'requested', createdBy: 'customer', notes: 'A little loose in winter.' });
      expect(staff.order).toMatchObject({ number, line: 0 });

      // The piece comes in: staff say when it will be ready (the customer is told that day).
      const noDay = await adminCall(t, manager, 'POST', `/service-tickets/${ticket.number}/advance`, {
        version: staff.version,
      });
      expect(noDay.statusCode).toBe(400);
      expect(noDay.json().errors).toEqual({ dueOn: 'Choose a day' });
      const inn = await adminCall(t, manager, 'POST', `/service-tickets/${ticket.number}/advance`, {
        version: staff.version,
        dueOn: due,
      });
      expect(inn.statusCode, inn.body).toBe(200);
      expect(inn.json().data).toMatchObject({ status: 'approved', dueOn: due });
      expect(inn.json().data.history.map((h: { status: string }) => h.status)).toEqual([
        'requested',
        'received',
        'approved',
      ]);
      const received = (await mailsTo(email)).find((m) => m.kind === 'service-received')!;
      expect(received.text).toContain('The resize is free');
      expect(received.text).toContain(
        new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${due}T12:00:00Z`),
        ),
      );
      // Its free resize is used: the next ask for this piece is a paid one.
      let version = inn.json().data.version as number;
      for (let step = 0; step < 3; step++)
        version = (await adminCall(t, manager, 'POST', `/service-tickets/${ticket.number}/advance`, { version })).json()
          .data.version;
      const later = (await shopper('GET', `/order/${number}/service`, token)).json().data;
      expect(later.tickets[0].status).toBe('returned');
      expect(later.lines[0]).toMatchObject({ serviceable: true, freeResize: false });
    });

    it('a repair with photographs; a band with stones all the way round is not resized; a stranger sees nothing', async () => {
      const { number, token } = await deliveredPiece(ETERNITY);
      const view = (await shopper('GET', `/order/${number}/service`, token)).json().data;
      expect(view.lines[0]).toMatchObject({ serviceable: true, resizable: false, freeResize: false });
      const resize = await shopper('POST', `/order/${number}/service`, token, {
        line: 0,
        kind: 'resize',
        targetSize: 6,
      });
      expect(resize.statusCode).toBe(422);
      expect(resize.json().message).toContain('cannot be resized');
      const vague = await shopper('POST', `/order/${number}/service`, token, { line: 0, kind: 'repair' });
      expect(vague.statusCode).toBe(400);
      expect(vague.json().errors).toEqual({ note: 'Tell us what needs mending (a few words)' });
      const asked = await shopper('POST', `/order/${number}/service`, token, {
        line: 0,
        kind: 'repair',
        note: 'One stone is loose near the top.',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const ticket = asked.json().data.tickets[0];
      expect(ticket).toMatchObject({ kind: 'repair', status: 'requested', free: false, photos: 0 });

      const boundary = `----facet${randomUUID()}`;
      const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c9b27c' } })
        .jpeg()
        .toBuffer();
      const upload = (tok: string | null, ticketNumber = ticket.number) =>
        t.app.inject({
          method: 'POST',
          url: `/api/order/${number}/service/${ticketNumber}/photos${tok ? `?token=${encodeURIComponent(tok)}` : ''}`,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
            ),
            image,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]),
        });
      const stranger = await upload(null);
      expect(stranger.statusCode, stranger.body).toBe(404);
      const up = await upload(token);
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().data.tickets[0].photos).toBe(1);
      // Staff see it at intake, as their own photographs.
      const staff = (await adminCall(t, manager, 'GET', `/service-tickets/${ticket.number}`)).json().data;
      expect(staff.photos).toHaveLength(1);
      expect(staff.photos[0]).toMatchObject({ width: 900, height: 600 });
      // Another order's token does not reach this one, nor this ticket through it.
      const other = await deliveredPiece();
      expect((await shopper('GET', `/order/${number}/service`, other.token)).statusCode).toBe(404);
      expect((await upload(other.token)).statusCode).toBe(404);
      const viaOther = await t.app.inject({
        method: 'POST',
        url: `/api/order/${other.number}/service/${ticket.number}/photos?token=${encodeURIComponent(other.token)}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.from(`--${boundary}--\r\n`),
      });
      expect(viaOther.statusCode).toBe(404);
    });

    it('nothing can be asked before the order is delivered', async () => {
      const session = randomUUID();
      const [band] = await q<{ id: number }>(sql`select p.id from product p join product_group g on g.id = p.group_id
        where g.kind = 'band' and g.published and not g.configurable and not g.stock_tracked and p.active order by p.id limit 1`);
      await t.app.inject({
        method: 'POST',
        url: '/api/cart/items',
        headers: { 'x-session-id': session },
        payload: { kind: 'product', id: band!.id },
      });
      const email = `early.${randomUUID().slice(0, 8)}@example.com`;
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
        payload: orderBody(email),
      });
      const number = placed.json().data.number as string;
      const [mail] = (await mailsTo(email)).filter((m) => m.kind === 'order-confirmation');
      const token = decodeURIComponent(/token=([\w%-]+)/.exec(mail!.text)![1]!);
      const view = await shopper('GET', `/order/${number}/service`, token);
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json().data.lines[0]).toMatchObject({
        serviceable: false,
        why: 'Resizes and repairs open once the order is delivered.',
      });
      const early = await shopper('POST', `/order/${number}/service`, token, {
        line: 0,
        kind: 'repair',
        note: 'The clasp is stiff.',
      });
      expect(early.statusCode).toBe(422);
    });

    it('a signed-in customer asks from their orders, and their account lists every request', async () => {
      const email = `owner.${randomUUID().slice(0, 8)}@example.com`;
      const bearer = await signUp(t, email);
      const { number } = await deliveredPiece(sql`not ${ETERNITY}`, bearer, email);
      const as = (method: string, url: string, payload?: object) =>
        t.app.inject({
          method: method as 'GET',
          url: `/api${url}`,
          headers: { authorization: `Bearer ${bearer}` },
          ...(payload ? { payload } : {}),
        });
      expect((await as('GET', '/account/service')).json().data.tickets).toEqual([]);
      const asked = await as('POST', `/order/${number}/service`, {
        line: 0,
        kind: 'repair',
        note: 'The band is dented on one side.',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const mine = (await as('GET', '/account/service')).json().data.tickets;
      expect(mine).toEqual([
        expect.objectContaining({
          orderNumber: number,
          kind: 'repair',
          status: 'requested',
          number: asked.json().data.tickets[0].number,
        }),
      ]);
      // Another account sees none of it.
      const other = await signUp(t, `other.${randomUUID().slice(0, 8)}@example.com`);
      const theirs = await t.app.inject({
        method: 'GET',
        url: '/api/account/service',
        headers: { authorization: `Bearer ${other}` },
      });
      expect(theirs.json().data.tickets).toEqual([]);
      const notTheirs = await t.app.inject({
        method: 'GET',
        url: `/api/order/${number}/service`,
        headers: { authorization: `Bearer ${other}` },
      });
      expect(notTheirs.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/account/service' })).statusCode).toBe(401);
    });
  });
});

describe("the customer's approval of an estimate, as a flow", () => {
  it('names its steps, and a failure after any of them approves nothing, tells nobody and gives the payment back', async () => {
    expect(APPROVE_ESTIMATE_STEPS.map((st) => st.name)).toEqual([
      'take payment',
      'approve ticket',
      'record history',
      'tell customer',
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
    const deps: TicketDeps = {
      db: t.app.db,
      media: t.app.media,
      config: t.config,
      settings: t.app.storeSettings,
      outbox: t.app.outbox,
      payments,
    };
    const card = { ...CARD, number: CARD.number.replace(/ /g, '') };
    for (const { name } of APPROVE_ESTIMATE_STEPS) {
      const who = customer();
      const opened = (
        await adminCall(t, manager, 'POST', '/service-tickets', {
          kind: 'repair',
          customer: who,
          piece: 'Chain, broken link',
          dueOn: due,
        })
      ).json().data;
      await adminCall(t, manager, 'POST', `/service-tickets/${opened.number}/estimate`, {
        version: opened.version,
        amountCents: 4_000,
        note: 'Solder the link.',
        dueOn: due,
      });
      const token = decodeURIComponent(
        /\/service\/SVC-\w+\?token=([\w%-]+)/.exec((await mailsTo(who.email)).at(-1)!.text)![1]!,
      );
      const state = async () =>
        (
          await q<Record<string, unknown>>(sql`select t.status, t.paid_cents as paid,
            (select count(*)::int from service_event e where e.ticket_id = t.id) as events,
            (select count(*)::int from outbox_mail m where m.to_address = ${who.email}) as mails
            from service_ticket t where t.number = ${opened.number}`)
        )[0]!;
      const before = await state();
      const voidedBefore = voided.length;
      await expect(
        approveEstimate(
          deps,
          opened.number,
          { token, card },
          {
            afterStep: (_f, step) => {
              if (step === name) throw new Error(`injected after ${name}`);
            },
          },
        ),
      ).rejects.toThrow(`injected after ${name}`);
      expect(await state(), name).toEqual(before);
      expect(voided.length - voidedBefore, name).toBe(1);
      // Approved again from the same link: paid once.
      expect(await approveEstimate(deps, opened.number, { token, card })).toMatchObject({
        status: 'approved',
        paid: true,
      });
      expect(voided.length - voidedBefore, name).toBe(1);
    }
  });
});
