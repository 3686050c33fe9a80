import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, staffSession, withStoreSettings } from '../../test/staff.ts';
import { roundPrice } from '@facet/contracts/money';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp();
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const piece = () =>
  q<{ id: number; group_id: number; price_cents: number; weight_g: number }>(sql`
    select p.id, p.group_id, p.price_cents, p.weight_g from product p join product_group g on g.id = p.group_id
    where not g.configurable and p.metal = '14KY' and p.active order by p.id limit 1`).then((r) => r[0]!);
const configuredFrom = () =>
  q<{ id: number; min_price_cents: number }>(
    sql`select p.id, p.price_cents as min_price_cents from product p join product_group g on g.id = p.group_id
      where g.configurable and p.metal = '14KY' and p.active order by p.id limit 1`,
  ).then((r) => r[0]!);
const rate = () =>
  q<{ cents: number }>(sql`select cents_per_gram as cents from metal_rate where quality = '14KY'`).then(
    (r) => r[0]!.cents,
  );

describe('metal rates', () => {
  it('previews the effect on real items without changing anything', async () => {
    const [before, p, c] = [await rate(), await piece(), await configuredFrom()];
    const res = await adminCall(t, manager, 'POST', '/metal-rates/14KY/preview', { centsPerGram: before * 2 });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Array<{ kind: string; id: number; priceCents: number; afterCents: number }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.afterCents > r.priceCents)).toBe(true);
    expect(await rate()).toBe(before);
    expect((await piece()).price_cents).toBe(p.price_cents);
    expect((await configuredFrom()).min_price_cents).toBe(c.min_price_cents);
  });

  it('a new rate reprices pieces by weight and configured designs through the configurator, and is kept in the history', async () => {
    const [before, p, c] = [await rate(), await piece(), await configuredFrom()];
    const next = before + 500;
    const res = await adminCall(t, manager, 'PUT', '/metal-rates/14KY', { centsPerGram: next });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.piecesRepriced).toBeGreaterThan(0);
    const moved = (await piece()).price_cents;
    expect(moved).toBe(Math.max(100, Math.round((p.price_cents + p.weight_g * 500) / 100) * 100));
    expect((await configuredFrom()).min_price_cents).toBeGreaterThan(c.min_price_cents);
    // The storefront charges the new price.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/product/product?groupId=${p.group_id}&productId=${p.id}`,
    });
    expect(page.json().data.variants.find((v: { id: number }) => v.id === p.id).priceCents).toBe(moved);
    const list = await adminCall(t, manager, 'GET', '/metal-rates');
    expect(list.json().data.rates.find((r: { quality: string }) => r.quality === '14KY').centsPerGram).toBe(next);
    expect(list.json().data.history[0]).toMatchObject({ quality: '14KY', fromCents: before, toCents: next });
  });

  it('the store’s rounding rule ends every repriced piece as chosen (here, in 9)', async () => {
    await withStoreSettings(t, { priceRounding: 'end-9' }, async () => {
      const [before, p] = [await rate(), await piece()];
      expect((await adminCall(t, manager, 'PUT', '/metal-rates/14KY', { centsPerGram: before + 333 })).statusCode).toBe(
        200,
      );
      const moved = (await piece()).price_cents;
      expect(moved).toBe(roundPrice(p.price_cents + p.weight_g * 333, 'end-9', 'nearest'));
      expect(moved % 1000).toBe(900);
      const endings = await q<{ n: number }>(sql`select count(*)::int as n from product p
        join product_group g on g.id = p.group_id
        where not g.configurable and g.pricing = 'metal' and p.metal = '14KY' and p.price_cents % 1000 <> 900`);
      expect(endings[0]!.n).toBe(0);
    });
  });

  it('refuses a nonsense rate', async () => {
    expect((await adminCall(t, manager, 'PUT', '/metal-rates/14KY', { centsPerGram: 0 })).statusCode).toBe(400);
    expect((await adminCall(t, manager, 'PUT', '/metal-rates/GOLD', { centsPerGram: 100 })).statusCode).toBe(400);
  });
});
