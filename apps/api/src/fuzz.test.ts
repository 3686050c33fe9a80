import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { signUp } from './test/accounts.ts';
import { rowsOf } from './db/client.ts';

// Property-based fuzzing of every public route's inputs: whatever arrives, the answer is never a
// 5xx, and the data keeps its invariants.

let t: TestApp;
let session: string;
beforeAll(async () => {
  t = await buildTestApp({
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_AUTH_MAX: '1000000',
    RATE_LIMIT_FORM_MAX: '1000000',
    RATE_LIMIT_ORDER_MAX: '1000000',
  });
  session = await signUp(t, 'fuzz@example.com');
});
afterAll(async () => {
  await t.close();
});

const RUNS = { numRuns: 60 };
const anyJson = fc.jsonValue({ maxDepth: 3 });
const weird = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '{"a":',
    '[]',
    'null',
    '-1',
    '1e309',
    'NaN',
    '0x10',
    '🙂'.repeat(50),
  ),
);
const query = fc.dictionary(
  fc.constantFrom(
    'q',
    'shape',
    'caratMin',
    'caratMax',
    'colorMax',
    'clarityMax',
    'cutMax',
    'sort',
    'page',
    'pageSize',
    'filters',
    'origin',
    'type',
    'groupId',
    'productId',
    'series',
    'priceMin',
    'priceMax',
    'lab',
    'state',
    'shipping',
    'token',
    'k',
    'm',
  ),
  weird,
  { maxKeys: 5 },
);
const qs = (o: Record<string, string>) => new URLSearchParams(o).toString();

const GETS = [
  '/api/category/1100',
  '/api/category/999999',
  '/api/diamond',
  '/api/product/product',
  '/api/product/diamond',
  '/api/product/notable-gemstone',
  '/api/product/type-notable-gemstone',
  '/api/stuller/fetch-auto-complete',
  '/api/stuller/fetch-products',
  '/api/melee',
  '/api/menu',
  '/api/cart',
  '/api/order/FCT-ABCDEFGH',
  '/api/media/item.svg',
];
const POSTS = [
  '/api/product/search-product',
  '/api/stuller/stone-families',
  '/api/stuller/search-stones',
  '/api/stuller/configure-product',
  '/api/user/register',
  '/api/user/authenticate',
  '/api/user/forget-password',
  '/api/user/verify-otp',
  '/api/user/resend-verify-otp',
  '/api/user/reset-password',
  '/api/contact-us',
  '/api/newsletter',
  '/api/newsletter/confirm',
  '/api/cart/items',
  '/api/order',
  '/api/address',
];

describe('fuzzing public routes', () => {
  it('GET routes answer < 500 for any query string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...GETS), query, async (path, q) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `${path}?${qs(q)}`,
          headers: { 'x-session-id': randomUUID() },
        });
        expect(res.statusCode, `${path}?${qs(q)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });

  it('POST routes answer < 500 for any JSON body, signed in or not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POSTS), anyJson, fc.boolean(), async (path, body, signedIn) => {
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          payload: JSON.stringify(body),
          headers: {
            'content-type': 'application/json',
            'x-session-id': randomUUID(),
            'idempotency-key': randomUUID(),
            ...(signedIn ? { authorization: `Bearer ${session}` } : {}),
          },
        });
        expect(
          res.statusCode,
          `${path} ${JSON.stringify(body).slice(0, 200)} → ${res.body.slice(0, 200)}`,
        ).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
  });

  it('cart and checkout with well-formed but arbitrary choices keep every invariant', async () => {
    const ids = rowsOf<{ id: number; kind: string }>(
      await t.database.db.execute(sql`
      (select id, 'diamond' as kind from diamond order by id limit 5) union all (select id, 'gemstone' from notable_gemstone order by id limit 3)
      union all (select id, 'product' from product where group_id in (select id from product_group where not configurable) order by id limit 5) union all (select id, 'melee' from melee_parcel order by id limit 3)`),
    );
    const item = fc.record({ pick: fc.nat(ids.length - 1), quantity: fc.integer({ min: -2, max: 14 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('standard', 'express', 'overnight', 'teleport'),
        fc.constantFrom('NY', 'CA', 'ZZ', 'OR'),
        async (items, method, state) => {
          const s = randomUUID();
          for (const it of items) {
            const { id, kind } = ids[it.pick]!;
            const res = await t.app.inject({
              method: 'POST',
              url: '/api/cart/items',
              headers: { 'x-session-id': s },
              payload: kind === 'diamond' || kind === 'gemstone' ? { kind, id } : { kind, id, quantity: it.quantity },
            });
            expect(res.statusCode).toBeLessThan(500);
          }
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/order',
            headers: { 'x-session-id': s, 'idempotency-key': randomUUID() },
            payload: {
              email: 'fuzz@example.com',
              shippingMethod: method,
              card: { name: 'F Z', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
              shippingAddress: {
                name: 'Fuzz Buyer',
                line1: '1 Main St',
                city: 'Albany',
                state,
                zip: '12207',
                phone: '(518) 555-0100',
              },
            },
          });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      RUNS,
    );

    // The property exercised real checkouts, not only refusals.
    expect(
      rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from customer_order`))[0]!.n,
    ).toBeGreaterThan(0);
    // Invariants: a sold stone belongs to exactly one live order, and each order adds up.
    const soldWithoutOrder = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`
      select count(*)::int as n from diamond d where d.status = 'sold' and not exists (select 1 from order_stone s where s.kind = 'diamond' and s.stone_id = d.id and s.live)`),
    )[0]!.n;
    expect(soldWithoutOrder).toBe(0);
    const badTotals = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`
      select count(*)::int as n from customer_order o where o.total_cents <> o.subtotal_cents + o.shipping_cents + o.tax_cents
        or o.subtotal_cents <> (select coalesce(sum(line_total_cents), 0) from order_line l where l.order_id = o.id)`),
    )[0]!.n;
    expect(badTotals).toBe(0);
    const negativeStock = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from melee_parcel where stock < 0`),
    )[0]!.n;
    expect(negativeStock).toBe(0);
  });
});
