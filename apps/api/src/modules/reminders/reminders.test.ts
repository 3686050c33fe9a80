import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUp } from '../../test/accounts.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession, withStoreSettings } from '../../test/staff.ts';
import { hashToken } from '../../secrets.ts';
import { sendCartReminders } from './service.ts';

// Left carts: a reminder (at most two) to a shopper who agreed, showing the cart as it is now; its
// link brings the cart back on any device without signing in; never after an order, an unsubscribe
// or an emptied cart; an order from a brought-back cart counts as recovered.

let t: TestApp;
let manager: string;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const deps = () => ({ db: t.database.db, config: t.config, settings: t.app.storeSettings, outbox: t.app.outbox });
const BAND = { groupId: 900001, metal: '14KW', size: 7, stones: [] };

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000', RATE_LIMIT_FORM_MAX: '1000', RATE_LIMIT_ORDER_MAX: '1000' });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

type Who = { token?: string; session?: string };
const headers = (w: Who) => ({
  ...(w.token ? { authorization: `Bearer ${w.token}` } : {}),
  ...(w.session ? { 'x-session-id': w.session } : {}),
});
const call = (w: Who, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: headers(w),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
async function add(w: Who, item: object) {
  const r = await call(w, 'POST', '/cart/items', item);
  if (r.statusCode !== 200) throw new Error(`add ${r.statusCode}: ${r.body}`);
  return r.json().data;
}
/** The cart of `w` untouched for `minutes` (as if that long had passed). */
async function leave(w: Who, minutes: number) {
  const me = w.token
    ? sql`user_id = (select user_id from user_token where token_hash = ${hashToken(w.token)})`
    : sql`session_id = ${w.session!}`;
  await t.database.db.execute(sql`update cart set updated_at = now() - make_interval(mins => ${minutes}) where ${me}`);
  await t.database.db.execute(
    sql`update cart_line set created_at = now() - make_interval(mins => ${minutes}) where cart_id in (select id from cart where ${me})`,
  );
}
const reminders = (to: string) =>
  q<{
    kind: string;
    subject: string;
    text: string;
    html: string;
    headers: Record<string, string> | null;
    lastError: string | null;
    sentAt: Date | null;
  }>(
    sql`select kind, subject, text_body as text, html, headers, last_error as "lastError", sent_at as "sentAt" from outbox_mail
      where to_address = ${to} and kind like 'cart-reminder-%' order by id`,
  );
const restoreTokenIn = (text: string) => /\/cart\/restore\/([A-Za-z0-9._-]+)/.exec(text)![1]!;
const consent = (token: string, marketing: boolean) => call({ token }, 'PUT', '/user/preferences', { marketing });
const order = (session: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
    payload: orderBody(email),
  });
async function availableDiamond(offset: number) {
  return (
    await q<{ id: number }>(
      sql`select id from diamond where status = 'available' and shape = 'Round' order by id limit 1 offset ${offset}`,
    )
  )[0]!.id;
}

describe('left carts', () => {
  it('a signed-in shopper who agreed gets one reminder after the first delay, a second after the next, and no third', async () => {
    const email = 'left.ring@example.com';
    const token = await signUp(t, email, undefined, 'Iris');
    expect((await call({ token }, 'GET', '/user/preferences')).json().data).toEqual({ marketing: false });
    expect((await consent(token, true)).json().data).toEqual({ marketing: true });
    await add({ token }, { kind: 'configured', configuration: BAND, engraving: { text: 'Always', font: 'block' } });

    await leave({ token }, 30);
    await sendCartReminders(deps());
    expect(await reminders(email)).toHaveLength(0); // not left long enough (60 minutes by default)

    await leave({ token }, 61);
    await sendCartReminders(deps());
    await sendCartReminders(deps());
    const [first, ...more] = await reminders(email);
    expect(more).toHaveLength(0);
    expect(first!.kind).toBe('cart-reminder-1');
    expect(first!.subject).toMatch(/Your cart at .+ is waiting/);
    expect(first!.text).toContain('Dear Iris,');
    expect(first!.text).toContain('Engraved “Always”');
    expect(first!.text).toContain('/cart/restore/');
    expect(first!.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<http.+\/api\/unsubscribe\/[^>]+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(first!.text).toMatch(/Unsubscribe: http.+\/unsubscribe\//);

    await leave({ token }, 25 * 60);
    await sendCartReminders(deps());
    await leave({ token }, 5 * 24 * 60);
    await sendCartReminders(deps());
    expect((await reminders(email)).map((m) => m.kind)).toEqual(['cart-reminder-1', 'cart-reminder-2']);
  });

  it('writes to nobody who did not agree, and to a guest who ticked the box at checkout', async () => {
    const silent = await signUp(t, 'left.silent@example.com');
    await add({ token: silent }, { kind: 'configured', configuration: BAND });
    await leave({ token: silent }, 90);

    const guest = randomUUID();
    await add({ session: guest }, { kind: 'configured', configuration: BAND });
    const refused = await call({ session: guest }, 'PUT', '/cart/contact', { email: 'not an address', consent: true });
    expect(refused.statusCode).toBe(400);
    expect(
      (await call({ session: guest }, 'PUT', '/cart/contact', { email: 'Left.Guest@Example.com', consent: true }))
        .statusCode,
    ).toBe(200);
    const unticked = randomUUID();
    await add({ session: unticked }, { kind: 'configured', configuration: BAND });
    await call({ session: unticked }, 'PUT', '/cart/contact', { email: 'left.unticked@example.com', consent: false });
    await leave({ session: guest }, 90);
    await leave({ session: unticked }, 90);

    await sendCartReminders(deps());
    expect(await reminders('left.silent@example.com')).toHaveLength(0);
    expect(await reminders('left.unticked@example.com')).toHaveLength(0);
    const [mail] = await reminders('left.guest@example.com');
    expect(mail!.text).not.toContain('Dear'); // a guest's name is not known
  });

  it('the link brings the same cart back in a fresh browser, without signing in; a forged or altered link is refused', async () => {
    const email = 'left.restore@example.com';
    const token = await signUp(t, email);
    await consent(token, true);
    const before = await add(
      { token },
      { kind: 'configured', configuration: BAND, engraving: { text: 'Us', font: 'script' } },
    );
    await leave({ token }, 61);
    await sendCartReminders(deps());
    const link = restoreTokenIn((await reminders(email))[0]!.text);

    const fresh = randomUUID();
    const restored = await call({ session: fresh }, 'POST', '/cart/restore', { token: link });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(JSON.stringify(restored.json())).not.toContain(email); // nothing of the account comes back
    const cart = (await call({ session: fresh }, 'GET', '/cart')).json().data;
    const strip = (l: { key: string; title: string; engraving?: unknown; unitPriceCents: number }) => [
      l.key,
      l.title,
      l.engraving,
      l.unitPriceCents,
    ];
    expect(cart.lines.map(strip)).toEqual(before.lines.map(strip));
    // Opened twice, the cart is the same (nothing added twice); the visitor is still a guest.
    await call({ session: fresh }, 'POST', '/cart/restore', { token: link });
    expect((await call({ session: fresh }, 'GET', '/cart')).json().data.lines).toHaveLength(1);
    expect((await call({ session: fresh }, 'GET', '/user')).statusCode).toBe(401);

    const [id, until, sig] = link.split('.');
    for (const bad of [
      `${Number(id) + 1}.${until}.${sig}`,
      `${id}.${Number(until) + 86_400}.${sig}`,
      `${id}.${until}.${'A'.repeat(43)}`,
    ]) {
      const r = await call({ session: randomUUID() }, 'POST', '/cart/restore', { token: bad });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toMatch(/expired or is not valid/);
    }
  });

  it('never after an order, an unsubscribe or an emptied cart; a queued reminder to an address that unsubscribed is not sent', async () => {
    const ordered = randomUUID();
    await add({ session: ordered }, { kind: 'configured', configuration: BAND });
    await call({ session: ordered }, 'PUT', '/cart/contact', { email: 'left.ordered@example.com', consent: true });
    // The same shopper ordered from another device after putting the ring in this cart.
    await leave({ session: ordered }, 120);
    const other = randomUUID();
    await add({ session: other }, { kind: 'configured', configuration: BAND });
    expect((await order(other, 'left.ordered@example.com')).statusCode).toBe(200);

    const emptied = randomUUID();
    const cart = await add({ session: emptied }, { kind: 'configured', configuration: BAND });
    await call({ session: emptied }, 'PUT', '/cart/contact', { email: 'left.emptied@example.com', consent: true });
    await call({ session: emptied }, 'DELETE', `/cart/items/${cart.lines[0].id}`);
    await leave({ session: emptied }, 120);

    const gone = randomUUID();
    await add({ session: gone }, { kind: 'configured', configuration: BAND });
    await call({ session: gone }, 'PUT', '/cart/contact', { email: 'left.gone@example.com', consent: true });

    // A reminder already written, then the address unsubscribes (the mail program's one-click POST).
    const late = randomUUID();
    await add({ session: late }, { kind: 'configured', configuration: BAND });
    await call({ session: late }, 'PUT', '/cart/contact', { email: 'left.late@example.com', consent: true });
    await leave({ session: late }, 120);

    const outbox = t.app.outbox;
    // Writing without delivering: the outbox is not kicked until the unsubscribe is in.
    const kick = outbox.kick.bind(outbox);
    outbox.kick = () => Promise.resolve();
    try {
      await sendCartReminders(deps());
      const [queued] = await reminders('left.late@example.com');
      const oneClick = /<([^>]+)>/.exec(queued!.headers!['List-Unsubscribe']!)![1]!;
      const r = await t.app.inject({
        method: 'POST',
        url: new URL(oneClick).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(r.statusCode, r.body).toBe(200);
    } finally {
      outbox.kick = kick;
    }
    await outbox.kick();
    const [late1] = await reminders('left.late@example.com');
    expect(late1!.lastError).toBe('unsubscribed');
    // Honoured from then on: no second reminder is even written.
    await leave({ session: late }, 26 * 60);
    await sendCartReminders(deps());
    expect(await reminders('left.late@example.com')).toHaveLength(1);

    // An unsubscribe through the page's link (JSON) for "gone", before anything was written.
    await leave({ session: gone }, 120);
    const { unsubscribeLinks } = await import('../mail/index.ts');
    const page = await unsubscribeLinks(t.database.db, t.config.PUBLIC_URL, 'left.gone@example.com');
    const tokenOf = page.url.split('/unsubscribe/')[1]!;
    expect((await call({}, 'POST', `/unsubscribe/${tokenOf}`, {})).json().data.message).toMatch(/no more reminders/);
    expect((await call({}, 'POST', `/unsubscribe/${tokenOf.replace(/\.(.)/, '.x$1')}`, {})).statusCode).toBe(400);
    await sendCartReminders(deps());

    expect(await reminders('left.ordered@example.com')).toHaveLength(0);
    expect(await reminders('left.emptied@example.com')).toHaveLength(0);
    expect(await reminders('left.gone@example.com')).toHaveLength(0);
  });

  it('a sold stone is named in the e-mail with the three closest on sale, and marked sold with them in the restored cart', async () => {
    const s = randomUUID();
    const id = await availableDiamond(40);
    await add({ session: s }, { kind: 'diamond', id });
    await call({ session: s }, 'PUT', '/cart/contact', { email: 'left.sold@example.com', consent: true });
    await leave({ session: s }, 61);
    await t.database.db.execute(sql`update diamond set status = 'sold' where id = ${id}`);
    const closest = await q<{ id: number; price: number }>(sql`select a.id, a.price_cents as price
      from diamond d join diamond a on a.shape = d.shape and a.origin = d.origin and a.id <> d.id
      where d.id = ${id} and a.status = 'available'
        and a.carat_points between d.carat_points * 0.9 and d.carat_points * 1.1
        and abs(a.color_rank - d.color_rank) <= 1 and abs(a.clarity_rank - d.clarity_rank) <= 1
        and a.price_cents between d.price_cents * 0.85 and d.price_cents * 1.15
      order by abs(a.price_cents - d.price_cents), a.id limit 3`);
    expect(closest.length).toBe(3);

    await sendCartReminders(deps());
    const [mail] = await reminders('left.sold@example.com');
    expect(mail!.text).toMatch(/has just been sold/);
    expect(mail!.text).toContain('Close to it, on sale now:');
    for (const c of closest) expect(mail!.text).toContain(`/${c.id}/${c.id}`);

    const fresh = randomUUID();
    await call({ session: fresh }, 'POST', '/cart/restore', { token: restoreTokenIn(mail!.text) });
    const [line] = (await call({ session: fresh }, 'GET', '/cart')).json().data.lines;
    expect(line.available).toBe(false);
    expect(line.alternatives.map((a: { href: string }) => Number(a.href.split('/').pop()))).toEqual(
      closest.map((c) => c.id),
    );
    expect(line.alternatives.map((a: { priceCents: number }) => a.priceCents)).toEqual(closest.map((c) => c.price));
  });

  it('an order from a brought-back cart counts as recovered, with its total, in the back office', async () => {
    const s = randomUUID();
    await add({ session: s }, { kind: 'configured', configuration: BAND });
    await call({ session: s }, 'PUT', '/cart/contact', { email: 'left.back@example.com', consent: true });
    await leave({ session: s }, 61);
    const before = (await adminCall(t, manager, 'GET', '/left-carts')).json().data;
    expect(before.carts.some((c: { email: string }) => c.email === 'left.back@example.com')).toBe(true);
    await sendCartReminders(deps());
    const link = restoreTokenIn((await reminders('left.back@example.com'))[0]!.text);

    const phone = randomUUID();
    await call({ session: phone }, 'POST', '/cart/restore', { token: link });
    const placed = await order(phone, 'left.back@example.com');
    expect(placed.statusCode, placed.body).toBe(200);
    const made = placed.json().data;

    const after = (await adminCall(t, manager, 'GET', '/left-carts')).json().data;
    expect(after.rule).toEqual({ on: true, firstMinutes: 60, secondMinutes: 1440 });
    expect(after.summary.recovered - before.summary.recovered).toBe(1);
    expect(after.summary.revenueCents - before.summary.revenueCents).toBe(made.totals.totalCents);
    expect(after.summary.emails - before.summary.emails).toBe(1);
    const row = after.carts.find((c: { email: string }) => c.email === 'left.back@example.com');
    expect(row).toMatchObject({ consent: true, reminders: 1, recoveredOrder: made.number });
  });

  it('follows the rule set in store settings (off: nothing; a 1-minute first reminder; no second)', async () => {
    const s = randomUUID();
    await add({ session: s }, { kind: 'configured', configuration: BAND });
    await call({ session: s }, 'PUT', '/cart/contact', { email: 'left.rule@example.com', consent: true });
    await leave({ session: s }, 2);
    await withStoreSettings(t, { cartReminders: { on: false, firstMinutes: 1, secondMinutes: 0 } }, async () => {
      await sendCartReminders(deps());
      expect(await reminders('left.rule@example.com')).toHaveLength(0);
    });
    await withStoreSettings(t, { cartReminders: { on: true, firstMinutes: 1, secondMinutes: 0 } }, async () => {
      await sendCartReminders(deps());
      await leave({ session: s }, 3 * 24 * 60);
      await sendCartReminders(deps());
      expect((await reminders('left.rule@example.com')).map((m) => m.kind)).toEqual(['cart-reminder-1']);
    });
    const owner = (await staffSession(t, 'owner')).cookie;
    const current = (await adminCall(t, owner, 'GET', '/settings')).json().data;
    for (const bad of [
      { on: true, firstMinutes: 0, secondMinutes: 0 },
      { on: true, firstMinutes: 60, secondMinutes: 30 },
    ]) {
      const r = await adminCall(t, owner, 'PUT', '/settings', {
        version: current.version,
        settings: { ...current.settings, cartReminders: bad },
      });
      expect(r.statusCode).toBe(400);
    }
  });
});
