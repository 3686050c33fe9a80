import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { QTY_MAX } from '@facet/contracts/commerce';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { COMPRESS_FROM_BYTES } from '../../cache/index.ts';

// Adding to a cart: a piece is added in one statement that keeps its own cap, a stone in a
// transaction that checks it against every other line.

let t: TestApp;
let piece: number;
let diamond: number;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000' });
  const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
  piece = (
    await q<{ id: number }>(sql`select p.id from product p join product_group g on g.id = p.group_id
      where g.published and not g.configurable and not g.stock_tracked and p.active order by p.id limit 1`)
  )[0]!.id;
  diamond = (await q<{ id: number }>(sql`select id from diamond where status = 'available' order by id limit 1`))[0]!
    .id;
});
afterAll(() => t.close());

const add = (session: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'x-session-id': session }, payload });
const cartOf = async (session: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/cart', headers: { 'x-session-id': session } })).json().data;

describe('adding to a cart', () => {
  it(`refuses an add that would pass ${QTY_MAX} of a piece, and keeps what was there`, async () => {
    const s = randomUUID();
    expect((await add(s, { kind: 'product', id: piece, quantity: QTY_MAX - 2 })).statusCode).toBe(200);
    const more = await add(s, { kind: 'product', id: piece, quantity: 3 });
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe(`You can order up to ${QTY_MAX} of an item. For more, please contact us.`);
    expect((await cartOf(s)).lines.map((l: { quantity: number }) => l.quantity)).toEqual([QTY_MAX - 2]);
    const fill = await add(s, { kind: 'product', id: piece, quantity: 2 });
    expect(fill.json().data.count).toBe(QTY_MAX);
  });

  it(`never holds more than ${QTY_MAX} of a piece, however many adds race`, async () => {
    const s = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => add(s, { kind: 'product', id: piece, quantity: 3 })),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(3);
    for (const a of answers) if (a.statusCode !== 200) expect(a.statusCode).toBe(422);
    const lines = (await cartOf(s)).lines as Array<{ quantity: number }>;
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBeLessThanOrEqual(QTY_MAX);
    expect(lines[0]!.quantity).toBeGreaterThanOrEqual(QTY_MAX - 2);
  });

  it('answers an add with the whole cart, as a read of it would', async () => {
    const s = randomUUID();
    await add(s, { kind: 'diamond', id: diamond });
    const again = await add(s, { kind: 'diamond', id: diamond });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This diamond is already in your cart. Each one is one of a kind.');
    const withPiece = (await add(s, { kind: 'product', id: piece, quantity: 1 })).json().data;
    expect(withPiece.lines.map((l: { kind: string }) => l.kind)).toEqual(['diamond', 'product']);
    expect(withPiece).toEqual(await cartOf(s));
  });
});

describe('compression of cart answers', () => {
  const addBr = (session: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': session, 'accept-encoding': 'gzip, deflate, br' },
      payload,
    });

  it('sends an answer that fits one packet as is, and compresses a larger one', async () => {
    const [other] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select p.id from product p join product_group g on g.id = p.group_id
        where g.published and not g.configurable and not g.stock_tracked and p.active and p.id <> ${piece}
        order by p.id limit 1`),
    );
    const s = randomUUID();
    const seen = { plain: 0, br: 0 };
    // One line, then two, then three: the answer grows past the threshold on the way.
    for (const item of [
      { kind: 'product', id: piece, quantity: 1 },
      { kind: 'diamond', id: diamond },
      { kind: 'product', id: other!.id, quantity: 1 },
    ]) {
      const res = await addBr(s, item);
      expect(res.statusCode).toBe(200);
      const br = res.headers['content-encoding'] === 'br';
      const text = br ? zlib.brotliDecompressSync(res.rawPayload).toString() : res.payload;
      expect(br, `${Buffer.byteLength(text)} bytes`).toBe(Buffer.byteLength(text) >= COMPRESS_FROM_BYTES);
      expect(JSON.parse(text).data).toEqual(await cartOf(s));
      seen[br ? 'br' : 'plain']++;
    }
    expect(seen.plain).toBeGreaterThan(0);
    expect(seen.br).toBeGreaterThan(0);
  });
});

describe('the tax in the review', () => {
  it('is the place’s rate where the store’s table names the ZIP code (Buffalo is not charged New York City’s)', async () => {
    const s = randomUUID();
    expect((await add(s, { kind: 'product', id: piece })).statusCode).toBe(200);
    const at = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/cart?${q}`, headers: { 'x-session-id': s } })).json().data.totals;
    const goods = (await cartOf(s)).totals.subtotalCents as number;
    const nyc = await at('state=NY&zip=10012&city=New%20York&line1=12%20Bleecker%20St');
    expect(nyc.taxLines).toEqual([
      { name: 'New York City sales tax', percent: 8.875, cents: Math.round(goods * 0.08875), estimated: true },
    ]);
    const buffalo = await at('state=NY&zip=14202&city=Buffalo&line1=1%20Niagara%20Sq');
    expect(buffalo.taxLines[0]).toMatchObject({ name: 'Buffalo sales tax', percent: 8.75 });
    expect(buffalo.taxCents).toBe(Math.round(goods * 0.0875));
    const la = await at('state=CA&zip=90012&city=Los%20Angeles&line1=200%20N%20Spring%20St');
    expect(la.taxLines[0]).toMatchObject({ name: 'Los Angeles sales tax', percent: 9.75 });
    // Elsewhere in the state (or before the ZIP is typed) the state's rate, named for the state.
    const sd = await at('state=CA&zip=92101&city=San%20Diego&line1=1%20Broadway');
    expect(sd.taxLines[0]).toMatchObject({ name: 'CA sales tax', percent: 7.25 });
    expect((await at('state=CA')).taxLines[0]).toMatchObject({ name: 'CA sales tax' });
  });
});
