import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

// A ring sold with its center stone is priced "from" the cheapest stone that fits it. The cheapest
// stones are kept between pages, so the rule under test is the one that makes keeping them safe:
// a change to any stone (a direct write, as an import or another instance would make) shows in
// the next answer within the second.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SEED_SCALE: '0.1', RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => {
  await t.close();
});

const fromCents = async (body: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/stuller/configure-product', payload: body });
  expect(res.statusCode).toBe(200);
  return res.json().data.fromCents as number;
};

describe('the cheapest stones behind a "from" price', () => {
  it('follow every change to the stones that fit', async () => {
    const [ring] = rowsOf<{ groupId: number; metal: string; shape: string; lo: number; hi: number }>(
      await t.database.db.execute(sql`
        select m.group_id as "groupId", m.metals[1] as metal, l->>'shape' as shape,
          round((l->>'caratMin')::numeric * 100)::int as lo, round((l->>'caratMax')::numeric * 100)::int as hi
        from configuration_model m, jsonb_array_elements(m.locations) l
        where l->>'group' = 'Center' and l->>'optional' = 'false'
          and exists (select 1 from diamond d where d.status = 'available' and d.shape = l->>'shape'
            and d.carat_points between round((l->>'caratMin')::numeric * 100) and round((l->>'caratMax')::numeric * 100))
        order by m.group_id limit 1`),
    );
    expect(ring, 'a seeded ring sold with a center diamond').toBeDefined();
    const bare = { groupId: ring!.groupId, metal: ring!.metal, size: 7, stones: [] };
    const before = await fromCents(bare);
    expect(await fromCents(bare)).toBe(before);

    const [stone] = rowsOf<{ id: number; cents: number }>(
      await t.database.db.execute(sql`
        select id, price_cents as cents from diamond
        where status = 'available' and shape = ${ring!.shape} and carat_points between ${ring!.lo} and ${ring!.hi}
        order by price_cents desc limit 1`),
    );
    // The dearest stone that fits becomes the cheapest: the ring's "from" falls.
    await t.database.db.execute(sql`update diamond set price_cents = 100 where id = ${stone!.id}`);
    await expect.poll(() => fromCents(bare), { timeout: 1000, interval: 50 }).toBeLessThan(before);
    // Sold, it fits no ring: the "from" is what it was.
    await t.database.db.execute(sql`update diamond set status = 'sold' where id = ${stone!.id}`);
    await expect.poll(() => fromCents(bare), { timeout: 1000, interval: 50 }).toBe(before);
  });
});
