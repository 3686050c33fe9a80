import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client.ts';
import type { TestApp } from './build-test-app.ts';

/** A valid order body for tests: a New York address and the test card that is approved. */
export const orderBody = (email: string, extra: object = {}) => ({
  email,
  shippingAddress: {
    name: 'Ada King',
    company: '',
    line1: '12 Bleecker St',
    line2: '',
    city: 'New York',
    state: 'NY',
    zip: '10012',
    country: 'US',
    phone: '(212) 555-0188',
  },
  shippingMethod: 'standard',
  card: { name: 'Ada King', number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
  ...extra,
});

/**
 * A loose diamond on sale in `session`'s cart: the `offset`-th by id (suites pick different stones),
 * or the newest with `newest`. Returns its id.
 */
export async function cartWithDiamond(t: TestApp, session: string, offset: number, newest = false) {
  const [d] = rowsOf<{ id: number }>(
    await t.database.db.execute(
      sql`select id from diamond where status = 'available'
        order by id ${sql.raw(newest ? 'desc' : 'asc')} limit 1 offset ${offset}`,
    ),
  );
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { 'x-session-id': session },
    payload: { kind: 'diamond', id: d!.id },
  });
  if (r.statusCode !== 200) throw new Error(`add ${r.statusCode}: ${r.body}`);
  return d!.id;
}
