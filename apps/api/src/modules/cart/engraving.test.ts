import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession } from '../../test/staff.ts';

// Engraving at purchase: a design says where, how many characters, which fonts and the price; the
// shopper's words travel from the cart to the order and its e-mail exactly as typed.

let t: TestApp;
let manager: string;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
/** A piece of a kind, sold as it is (not configured, not from a counted shelf). */
const pieceOf = async (kind: string) =>
  (
    await q<{ id: number; groupId: number; price: number }>(sql`select p.id, g.id as "groupId", p.price_cents as price
      from product p join product_group g on g.id = p.group_id
      where g.kind = ${kind} and g.published and not g.configurable and not g.stock_tracked and p.active
      order by p.id limit 1`)
  )[0]!;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000' });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const call = (session: string, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: { 'x-session-id': session },
    ...(payload ? { payload } : {}),
  });

describe('engraving a piece', () => {
  it('is offered where the design says, and prices and keys the line by its words', async () => {
    const pendant = await pieceOf('pendant');
    const page = await call('x', 'GET', `/product/product?groupId=${pendant.groupId}&productId=${pendant.id}`);
    const offer = page.json().data.engraving;
    expect(offer).toMatchObject({ place: 'on the back', maxChars: 16, fonts: ['script', 'block'] });
    expect(offer.priceCents).toBeGreaterThan(0);

    const s = randomUUID();
    const add = (text: string, font = 'script') =>
      call(s, 'POST', '/cart/items', { kind: 'product', id: pendant.id, engraving: { text, font } });
    const first = await add('  Zoë ♥ 2026 ');
    expect(first.statusCode, first.body).toBe(200);
    const line = first.json().data.lines[0];
    expect(line.engraving).toEqual({
      text: 'Zoë ♥ 2026',
      font: 'script',
      place: 'on the back',
      priceCents: offer.priceCents,
      days: offer.days,
    });
    expect(line.unitPriceCents).toBe(pendant.price + offer.priceCents);
    // The same words again add to the line; other words are another piece; no words, another still.
    await add('Zoë ♥ 2026');
    await add('Ana');
    await call(s, 'POST', '/cart/items', { kind: 'product', id: pendant.id });
    const lines = (await call(s, 'GET', '/cart')).json().data.lines as Array<{
      quantity: number;
      engraving?: { text: string };
      unitPriceCents: number;
    }>;
    expect(lines.map((l) => [l.engraving?.text ?? null, l.quantity, l.unitPriceCents])).toEqual([
      ['Zoë ♥ 2026', 2, pendant.price + offer.priceCents],
      ['Ana', 1, pendant.price + offer.priceCents],
      [null, 1, pendant.price],
    ]);
  });

  it('goes with a configured band too, priced by the configurator plus the engraving', async () => {
    const s = randomUUID();
    const configuration = { groupId: 900001, metal: '14KW', size: 7, stones: [] };
    const plain = await call(s, 'POST', '/cart/items', { kind: 'configured', configuration });
    expect(plain.statusCode, plain.body).toBe(200);
    const engraved = await call(s, 'POST', '/cart/items', {
      kind: 'configured',
      configuration,
      engraving: { text: 'Tú y yo ∞', font: 'block' },
    });
    expect(engraved.statusCode, engraved.body).toBe(200);
    const [a, b] = engraved.json().data.lines;
    expect(a.engraving).toBeUndefined();
    expect(b.engraving).toMatchObject({ text: 'Tú y yo ∞', font: 'block', place: 'inside the band', priceCents: 0 });
    expect(b.unitPriceCents).toBe(a.unitPriceCents);
    const tooLong = await call(s, 'POST', '/cart/items', {
      kind: 'configured',
      configuration,
      engraving: { text: 'x'.repeat(25), font: 'block' },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ engraving: 'At most 24 characters on this piece (this is 25).' });
  });

  it('refuses words the piece cannot take, saying why, and adds nothing', async () => {
    const band = await pieceOf('band');
    const pendant = await pieceOf('pendant');
    const chain = await pieceOf('chain');
    const s = randomUUID();
    const refused = async (id: number, engraving: object, message: RegExp) => {
      const res = await call(s, 'POST', '/cart/items', { kind: 'product', id, engraving });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await refused(band.id, { text: '<b>x</b>', font: 'roman' }, /^engraving.text: “<”, “>”, “\/” cannot be engraved/);
    await refused(
      band.id,
      { text: 'A'.repeat(25), font: 'roman' },
      /^At most 24 characters on this piece \(this is 25\)/,
    );
    await refused(
      pendant.id,
      { text: 'Ana', font: 'roman' },
      /^Roman is not offered on this piece: choose Script or Block/,
    );
    await refused(chain.id, { text: 'Ana', font: 'script' }, /not engraved/);
    await refused(band.id, { text: '   ', font: 'script' }, /Write the words to engrave/);
    expect((await call(s, 'GET', '/cart')).json().data.lines).toEqual([]);
  });

  it('travels to the order and its e-mail exactly as typed; staff turning it off stops the line', async () => {
    const band = await pieceOf('band');
    const s = randomUUID();
    const words = 'A & B · 2026';
    const added = await call(s, 'POST', '/cart/items', {
      kind: 'product',
      id: band.id,
      engraving: { text: words, font: 'script' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const email = `engrave.${randomUUID().slice(0, 8)}@example.com`;
    const total = (await call(s, 'GET', '/cart?state=NY')).json().data.totals.totalCents;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': s, 'idempotency-key': randomUUID() },
      payload: orderBody(email, { expectedTotalCents: total }),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data;
    expect(order.lines[0].engraving).toMatchObject({ text: words, font: 'script', place: 'inside the band' });
    const [mail] = await q<{ html: string; text: string }>(
      sql`select html, text_body as text from outbox_mail where to_address = ${email} and kind = 'order-confirmation'`,
    );
    expect(mail!.text).toContain(`Engraving (Script, inside the band): “${words}”`);
    expect(mail!.text).toContain('Engraved pieces are made for you and cannot be returned.');
    expect(mail!.html).toContain(`“A &amp; B · 2026”`);

    // The design stops offering engraving: an engraved line already in a cart says so and cannot be bought.
    const s2 = randomUUID();
    await call(s2, 'POST', '/cart/items', { kind: 'product', id: band.id, engraving: { text: 'Ana', font: 'roman' } });
    const design = (await adminCall(t, manager, 'GET', `/products/${band.groupId}`)).json().data;
    const off = await adminCall(t, manager, 'PATCH', `/products/${band.groupId}`, {
      version: design.version,
      engraving: null,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.engraving).toBeNull();
    const cart = (await call(s2, 'GET', '/cart')).json().data;
    expect(cart.checkoutReady).toBe(false);
    expect(cart.lines[0].message).toMatch(/not engraved/);
    const again = await adminCall(t, manager, 'PATCH', `/products/${band.groupId}`, {
      version: off.json().data.version,
      engraving: { ...design.engraving, maxChars: 99 },
    });
    expect(again.statusCode).toBe(400);
    // Turned on again as it was; saving it once more unchanged (its keys in another order) is no change.
    const on = await adminCall(t, manager, 'PATCH', `/products/${band.groupId}`, {
      version: off.json().data.version,
      engraving: design.engraving,
    });
    expect(on.json().data.engraving).toEqual(design.engraving);
    const { place, days, fonts, maxChars, priceCents } = design.engraving;
    const same = await adminCall(t, manager, 'PATCH', `/products/${band.groupId}`, {
      version: on.json().data.version,
      engraving: { days, priceCents, fonts, maxChars, place },
    });
    expect(same.json().data.version).toBe(on.json().data.version);
    expect((await call(s2, 'GET', '/cart')).json().data.checkoutReady).toBe(true);
  });
});
