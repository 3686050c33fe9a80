import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { WISHLIST_FULL, WISHLIST_MAX } from '@facet/contracts/wishlist';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { GOOD_PASSWORD, signUp } from '../../test/accounts.ts';
import { rowsOf } from '../../db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const headers = (session: string | null, token?: string) => ({
  ...(session ? { 'x-session-id': session } : {}),
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
const save = (session: string | null, body: object, token?: string) =>
  t.app.inject({ method: 'POST', url: '/api/wishlist/items', headers: headers(session, token), payload: body });
const list = (session: string | null, token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/wishlist', headers: headers(session, token) });
const diamonds = async (n: number, status = 'available') =>
  (await q<{ id: number }>(sql`select id from diamond where status = ${status} order by id limit ${n}`)).map(
    (r) => r.id,
  );
const variant = async () =>
  (
    await q<{ id: number }>(sql`
      select p.id from product p join product_group g on g.id = p.group_id
      where g.published and not g.configurable order by p.id limit 1`)
  )[0]!.id;
const itemRows = async () => (await q<{ n: number }>(sql`select count(*)::int as n from wishlist_item`))[0]!.n;

describe('wishlist', () => {
  it('saves pieces and stones once each, newest first, priced from today’s catalogue', async () => {
    const s = randomUUID();
    const [d] = await diamonds(1);
    const v = await variant();
    expect((await save(s, { kind: 'product', id: v })).statusCode).toBe(200);
    expect((await save(s, { kind: 'diamond', id: d })).statusCode).toBe(200);
    const again = await save(s, { kind: 'diamond', id: d });
    const w = again.json().data;
    expect(w.items.map((i: { key: string }) => i.key)).toEqual([`diamond:${d}`, `product:${v}`]);
    const [price] = await q<{ cents: number }>(sql`select price_cents as cents from diamond where id = ${d}`);
    expect(w.items[0]).toMatchObject({
      available: true,
      gone: false,
      priceCents: price!.cents,
      item: { kind: 'diamond', id: d },
    });
    expect(w.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // A repricing shows at the next read; a sale shows as sold, not as a price.
    await t.database.db.execute(sql`update diamond set price_cents = price_cents + 100 where id = ${d}`);
    expect((await list(s)).json().data.items[0].priceCents).toBe(price!.cents + 100);
    await t.database.db.execute(sql`update diamond set status = 'sold' where id = ${d}`);
    const sold = (await list(s)).json().data.items[0];
    expect(sold).toMatchObject({ available: false, gone: true, priceCents: null });
    expect(sold.message).toMatch(/sold/);
  });

  it('refuses unknown, sold and impossible items with a message, and writes nothing', async () => {
    const s = randomUUID();
    const before = await itemRows();
    const unknown = await save(s, { kind: 'diamond', id: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/could not find that diamond/);
    expect((await save(s, { kind: 'product', id: 2_000_000_000 })).statusCode).toBe(404);
    const [sold] = await diamonds(1);
    await t.database.db.execute(sql`update diamond set status = 'sold' where id = ${sold}`);
    const soldAnswer = await save(s, { kind: 'diamond', id: sold });
    expect(soldAnswer.statusCode).toBe(400);
    expect(soldAnswer.json().message).toMatch(/sold/);
    expect((await save(s, { kind: 'diamond', id: -3 })).statusCode).toBe(400);
    expect((await save(s, { kind: 'diamond', id: 5, price: 1 })).statusCode).toBe(400);
    expect((await save(null, { kind: 'product', id: await variant() })).statusCode).toBe(422);
    expect(await itemRows()).toBe(before);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/wishlist/items/99999', headers: headers(s) });
    expect(gone.statusCode).toBe(404);
  });

  it('keeps a configured ring with its configuration; two spellings of one configuration are one item', async () => {
    const [g] = await q<{ id: number; metal: string }>(sql`
      select g.id, p.metal from product_group g join product p on p.group_id = g.id
      where g.published and g.configurable order by g.id limit 1`);
    const s = randomUUID();
    const a = await save(s, {
      kind: 'configured',
      configuration: { groupId: g!.id, metal: g!.metal, size: 6, stones: [] },
    });
    expect(a.statusCode).toBe(200);
    const b = await save(s, {
      kind: 'configured',
      configuration: { stones: [], size: 6, metal: g!.metal, groupId: g!.id },
    });
    const items = b.json().data.items;
    expect(items).toHaveLength(1);
    expect(items[0].item.configuration).toMatchObject({ groupId: g!.id, metal: g!.metal, size: 6 });
    expect(items[0].href).toContain(`/${g!.id}/`);
  });

  it('merges a visitor’s list into the account at sign-in, without duplicates', async () => {
    const token = await signUp(t, 'wish@example.com');
    const [d1, d2] = await diamonds(2);
    await save(randomUUID(), { kind: 'diamond', id: d1 }, token);
    const visitor = randomUUID();
    await save(visitor, { kind: 'diamond', id: d1 });
    await save(visitor, { kind: 'diamond', id: d2 });
    // Sending a visitor id with a token later claims nothing: only the sign-in does.
    expect((await list(visitor, token)).json().data.count).toBe(1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/authenticate',
      headers: headers(visitor),
      payload: { username: 'wish@example.com', password: GOOD_PASSWORD },
    });
    const merged = (await list(randomUUID(), login.json().data.token)).json().data;
    expect(merged.items.map((i: { key: string }) => i.key).sort()).toEqual([`diamond:${d1}`, `diamond:${d2}`].sort());
    expect((await list(visitor)).json().data.count).toBe(0);
  });

  it('shares a read-only view by an unguessable link, which can be replaced', async () => {
    const s = randomUUID();
    const [d] = await diamonds(1);
    const token = (await save(s, { kind: 'diamond', id: d })).json().data.shareToken;
    const shared = await t.app.inject({ method: 'GET', url: `/api/wishlist/shared/${token}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json().data.items.map((i: { key: string }) => i.key)).toEqual([`diamond:${d}`]);
    expect(shared.json().data).not.toHaveProperty('shareToken');
    expect((await t.app.inject({ method: 'GET', url: '/api/wishlist/shared/short' })).statusCode).toBe(400);
    const renewed = await t.app.inject({ method: 'POST', url: '/api/wishlist/share', headers: headers(s) });
    expect(renewed.json().data.shareToken).not.toBe(token);
    const old = await t.app.inject({ method: 'GET', url: `/api/wishlist/shared/${token}` });
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toMatch(/no longer valid/);
  });

  it(`holds at most ${WISHLIST_MAX} items and says so`, async () => {
    const s = randomUUID();
    const [d, next] = await diamonds(2);
    await save(s, { kind: 'diamond', id: d });
    const [list] = await q<{ id: number }>(sql`select id from wishlist where session_id = ${s}`);
    await t.database.db.execute(sql`
      insert into wishlist_item (wishlist_id, kind, ref_id, item_key)
      select ${list!.id}, 'product', 1, 'filler:' || n from generate_series(1, ${WISHLIST_MAX - 1}) n`);
    const full = await save(s, { kind: 'diamond', id: next });
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(WISHLIST_FULL);
    // Saving what is already there is not a new item.
    expect((await save(s, { kind: 'diamond', id: d })).statusCode).toBe(200);
  });
});
