import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { placeDiamondOrder } from '../../test/staff.ts';

// Margin is worked out from what each line cost the store when it was sold, not from today's cost.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));

describe('cost at the sale', () => {
  it('records a diamond’s cost on its line, and keeps it when the stone’s cost changes later', async () => {
    // The stones on sale cost the store 60 % of their price.
    await q(sql`update diamond set cost_cents = (price_cents * 6) / 10 where status = 'available'`);
    const known = await placeDiamondOrder(t);
    const [line] = await q<{ cost: number | null; stone: number | null }>(sql`
      select l.cost_cents as cost, d.cost_cents as stone from order_line l
      join customer_order o on o.id = l.order_id join diamond d on d.id = l.ref_id
      where o.number = ${known.number} and l.kind = 'diamond'`);
    expect(line!.stone).not.toBeNull();
    expect(line!.cost).toBe(line!.stone);
    await q(sql`update diamond set cost_cents = cost_cents + 12345 where id = ${known.diamondId}`);
    const [after] = await q<{ cost: number }>(sql`
      select l.cost_cents as cost from order_line l join customer_order o on o.id = l.order_id
      where o.number = ${known.number} and l.kind = 'diamond'`);
    expect(after!.cost).toBe(line!.stone);
  });

  it('leaves the cost unknown (null, never zero) when the stone has none', async () => {
    // The newest diamond on sale is the one the next order takes: its cost is not known.
    await q(sql`update diamond set cost_cents = null where status = 'available'`);
    const unknown = await placeDiamondOrder(t);
    const [line] = await q<{ cost: number | null }>(sql`
      select l.cost_cents as cost from order_line l join customer_order o on o.id = l.order_id
      where o.number = ${unknown.number}`);
    expect(line!.cost).toBeNull();
  });
});
