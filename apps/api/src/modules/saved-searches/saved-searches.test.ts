import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SAVED_SEARCH_FULL, SAVED_SEARCH_MAX } from '@facet/contracts/saved-search';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { lastMail, signUp } from '../../test/accounts.ts';
import { rowsOf } from '../../db/client.ts';
import { matchSavedSearches, sendDigests } from './service.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_FORM_MAX: '1000' });
  token = await signUp(t, 'watcher@example.com', undefined, 'Vera');
});
afterAll(async () => {
  await t.close();
});

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const auth = (tk = token) => ({ authorization: `Bearer ${tk}` });
const save = (body: object, tk: string | null = token) =>
  t.app.inject({ method: 'POST', url: '/api/saved-searches', headers: tk ? auth(tk) : {}, payload: body });
const deps = () => ({ db: t.database.db, config: t.config, settings: t.app.storeSettings, outbox: t.app.outbox });
/** A new stone on sale: a copy of an existing one with the given shape, carat and price. */
async function listStone(serial: string, shape: string, caratPoints: number, priceCents: number) {
  const [row] = await q<{ id: number }>(sql`
    insert into diamond (serial, origin, shape, carat_points, color, color_rank, clarity, clarity_rank, cut, cut_rank, polish, symmetry,
      fluorescence, depth_pct, table_pct, lw_ratio, length_mm, width_mm, depth_mm, lab, certificate, price_cents, created_at)
    select ${serial}, 'natural', ${shape}, ${caratPoints}, 'F', 2, 'VS1', 4, 'Excellent', 1, polish, symmetry, fluorescence, depth_pct,
      table_pct, lw_ratio, length_mm, width_mm, depth_mm, 'GIA', ${`CERT-${serial}`}, ${priceCents}, now()
    from diamond order by id limit 1
    returning id`);
  return row!.id;
}
const WATCH = 'shape=Heart&caratMin=4.9&caratMax=5.1&origin=natural&colorMax=4&sort=price-desc&page=3';
const digestTo = async (to: string) => (await lastMail(t, to, 'search-digest')).text;
const digests = async (to: string) =>
  (
    await q<{ n: number }>(
      sql`select count(*)::int as n from outbox_mail where to_address = ${to} and kind = 'search-digest'`,
    )
  )[0]!.n;

describe('saved diamond searches', () => {
  it('saves the filters of a /diamonds address for a signed-in shopper, with a readable label', async () => {
    const res = await save({ query: WATCH });
    expect(res.statusCode).toBe(200);
    const s = res.json().data.search;
    expect(s).toMatchObject({ status: 'active', label: 'Heart natural diamonds, 4.90–5.10 ct, color D–H' });
    // Sorting and paging are not part of a search.
    expect(s.query).toBe('origin=natural&shape=Heart&caratMin=4.9&caratMax=5.1&colorMax=4');
    const list = await t.app.inject({ method: 'GET', url: '/api/saved-searches', headers: auth() });
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(s.id);
  });

  it('refuses bad filters, an empty search and more than the cap, with a message', async () => {
    expect((await save({ query: 'caratMin=abc' })).json().message).toMatch(/do not look right/);
    expect((await save({ query: 'sort=newest' })).statusCode).toBe(400);
    expect((await save({ query: 'shape=Round', price: 1 })).statusCode).toBe(400);
    const other = await signUp(t, 'many@example.com');
    for (let i = 0; i < SAVED_SEARCH_MAX; i++)
      expect((await save({ query: `caratMin=${1 + i / 10}` }, other)).statusCode).toBe(200);
    const full = await save({ query: 'caratMin=9' }, other);
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(SAVED_SEARCH_FULL);
    await t.database.db.execute(sql`delete from saved_search where email = 'many@example.com'`);
    expect((await save({ query: 'shape=Round' }, null)).statusCode).toBe(400);
  });

  it('tells of new stones and price cuts since the search was saved, at most once a day', async () => {
    const before = await listStone('SS-OLD', 'Heart', 500, 2_000_000);
    await matchSavedSearches(t.database.db);
    const id = (await save({ query: WATCH })).json().data.search.id;
    // Listed before the search was saved: in its results already, not news.
    expect((await matchSavedSearches(t.database.db)).hits).toBe(0);
    const fresh = await listStone('SS-NEW', 'Heart', 502, 1_850_000);
    await listStone('SS-BIG', 'Heart', 700, 1_000_000); // another carat: no match
    await t.database.db.execute(sql`update diamond set price_cents = 1900000 where id = ${before}`); // a cut
    const outcome = await matchSavedSearches(t.database.db);
    expect(outcome.hits).toBeGreaterThanOrEqual(2);
    await sendDigests(deps());
    expect(await digests('watcher@example.com')).toBe(1);
    const text = await digestTo('watcher@example.com');
    expect(text).toContain('Dear Vera,');
    expect(text).toContain('Heart natural diamonds, 4.90–5.10 ct, color D–H');
    expect(text).toMatch(/5\.02 ct Heart diamond, F VS1, \$18,500:/);
    expect(text).toMatch(/5\.00 ct Heart diamond, F VS1, \$19,000 \(was \$20,000\)/);
    expect(text).not.toContain('7.00 ct');
    expect(text).toContain(`/diamond/SS-NEW/1700/${fresh}/${fresh}`);
    // A mail program offers its one-click unsubscribe (RFC 8058) for it.
    const [{ headers }] = (await q<{ headers: Record<string, string> }>(
      sql`select headers from outbox_mail where to_address = 'watcher@example.com' and kind = 'search-digest'`,
    )) as [{ headers: Record<string, string> }];
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['List-Unsubscribe']).toMatch(/^<http.+\/api\/unsubscribe\/.+>$/);

    // A further cut the same day waits for tomorrow.
    await t.database.db.execute(sql`update diamond set price_cents = 1700000 where id = ${fresh}`);
    await matchSavedSearches(t.database.db);
    expect(await sendDigests(deps())).toBe(0);
    await t.database.db.execute(
      sql`update saved_search set last_digest_at = now() - interval '25 hours' where email = 'watcher@example.com'`,
    );
    expect(await sendDigests(deps())).toBe(1);
    expect(await digestTo('watcher@example.com')).toMatch(/\$17,000 \(was \$18,500\)/);

    // Paused: nothing is matched for it.
    const pause = await t.app.inject({
      method: 'PATCH',
      url: `/api/saved-searches/${id}`,
      headers: auth(),
      payload: { status: 'paused' },
    });
    expect(pause.json().data.status).toBe('paused');
    await listStone('SS-PAUSED', 'Heart', 501, 1_500_000);
    await matchSavedSearches(t.database.db);
    expect(
      rowsOf(
        await t.database.db.execute(sql`select 1 from saved_search_hit where search_id = ${id} and sent_at is null`),
      ),
    ).toHaveLength(0);
  });

  it('a stone listed in the very moment the search was saved is news (the clock can tick in whole milliseconds)', async () => {
    const tk = await signUp(t, 'same.moment@example.com');
    const search = (await save({ query: 'shape=Heart&caratMin=7.5&caratMax=7.6' }, tk)).json().data.search;
    const id = await listStone('SS-SAME-MS', 'Heart', 755, 2_500_000);
    await t.database.db.execute(
      sql`update diamond set listed_at = (select watch_from from saved_search where id = ${search.id}) where id = ${id}`,
    );
    await matchSavedSearches(t.database.db);
    const hits = await q<{ kind: string }>(
      sql`select kind from saved_search_hit where search_id = ${search.id} and diamond_id = ${id}`,
    );
    expect(hits).toEqual([{ kind: 'new' }]);
  });

  it('a stone sold before the digest is left out', async () => {
    const tk = await signUp(t, 'sold@example.com');
    expect((await save({ query: 'shape=Heart&caratMin=8&caratMax=8.2' }, tk)).statusCode).toBe(200);
    const id = await listStone('SS-SOLD', 'Heart', 810, 3_000_000);
    expect((await matchSavedSearches(t.database.db)).hits).toBeGreaterThanOrEqual(1);
    await t.database.db.execute(sql`update diamond set status = 'sold' where id = ${id}`);
    await sendDigests(deps());
    expect(await digests('sold@example.com')).toBe(0);
  });

  it('a guest confirms by e-mail first; the unsubscribe link works without signing in and cannot be forged', async () => {
    const res = await save({ query: 'shape=Heart&caratMin=9&caratMax=9.2', email: 'guest.alerts@example.com' }, null);
    expect(res.json().data).toMatchObject({ search: null, message: expect.stringMatching(/confirm the alert/) });
    await listStone('SS-GUEST-EARLY', 'Heart', 905, 4_000_000);
    await matchSavedSearches(t.database.db);
    await sendDigests(deps());
    expect(await digests('guest.alerts@example.com')).toBe(0); // not confirmed: nothing sent

    const confirmText = (await lastMail(t, 'guest.alerts@example.com', 'search-confirm')).text;
    const link = /\/saved-searches\/confirm\/([A-Za-z0-9_-]{43})/.exec(confirmText)![1]!;
    const ok = await t.app.inject({ method: 'POST', url: '/api/saved-searches/confirm', payload: { token: link } });
    expect(ok.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/saved-searches/confirm', payload: { token: link } });
    expect(again.statusCode).toBe(400);

    await listStone('SS-GUEST', 'Heart', 910, 4_100_000);
    await matchSavedSearches(t.database.db);
    await sendDigests(deps());
    expect(await digests('guest.alerts@example.com')).toBe(1);
    const text = await digestTo('guest.alerts@example.com');
    expect(text).toContain('SS-GUEST');
    expect(text).not.toContain('SS-GUEST-EARLY'); // listed before the confirmation
    const [, sid, sig] = /\/saved-searches\/unsubscribe\/(\d+)\/([A-Za-z0-9_-]{43})/.exec(text)!;
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches/unsubscribe',
      payload: { id: Number(sid) + 1, sig },
    });
    expect(forged.statusCode).toBe(400);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches/unsubscribe',
      payload: { id: Number(sid), sig },
    });
    expect(out.json().data.message).toMatch(/no more alerts/);
    expect(await q(sql`select 1 from saved_search where id = ${Number(sid)}`)).toHaveLength(0);
  });

  it('only its owner can see, edit or delete a search', async () => {
    const mine = (await save({ query: 'shape=Oval&caratMin=2' })).json().data.search.id;
    const other = await signUp(t, 'nosy@example.com');
    const peek = await t.app.inject({
      method: 'PATCH',
      url: `/api/saved-searches/${mine}`,
      headers: auth(other),
      payload: { status: 'paused' },
    });
    expect(peek.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/saved-searches/${mine}`, headers: auth(other) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/saved-searches' })).statusCode).toBe(401);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/saved-searches/${mine}`,
      headers: auth(),
      payload: { query: 'shape=Oval&caratMin=2.5' },
    });
    expect(edit.json().data.label).toBe('Oval diamonds, 2.50 ct and up');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/saved-searches/${mine}`, headers: auth() });
    expect(del.json().data.map((x: { id: number }) => x.id)).not.toContain(mine);
  });
});
