import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from './db/client.ts';
import { lastMail } from './test/accounts.ts';
import { orderBody } from './test/checkout.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';

// The store's promises are settings: change one and the cart, checkout and e-mails follow (the
// pages and policies follow too: apps/web/tests/e2e/store-facts.spec.ts).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    FREE_SHIPPING_OVER_CENTS: '40000',
    SHIPPING_CENTS: '1900,3900,7100',
    SHIPPING_DAYS: '4–6 business days|2 business days|Next business day',
    MADE_TO_ORDER_DAYS: '12-16',
    RETURN_DAYS: '21',
    MADE_TO_ORDER_RESTOCKING_PERCENT: '10',
  });
});
afterAll(async () => {
  await t.close();
});

describe('store facts from settings', () => {
  it('cart and checkout quote the configured methods, prices, times and free-shipping threshold', async () => {
    const session = randomUUID();
    const [cheap] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from product where group_id in (select id from product_group where not configurable) and price_cents < 40000 order by price_cents limit 1`,
      ),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': session },
      payload: { kind: 'product', id: cheap!.id },
    });
    const options = res.json().data.shippingOptions;
    expect(options).toEqual([
      { method: 'standard', label: 'Insured standard', days: '4–6 business days', cents: 1900 },
      { method: 'express', label: 'Insured express', days: '2 business days', cents: 3900 },
      { method: 'overnight', label: 'Insured overnight', days: 'Next business day', cents: 7100 },
    ]);
    const [dear] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from product where group_id in (select id from product_group where not configurable) and price_cents >= 40000 order by price_cents limit 1`,
      ),
    );
    const s2 = randomUUID();
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': s2 },
      payload: { kind: 'product', id: dear!.id },
    });
    expect(big.json().data.shippingOptions[0].cents).toBe(0);
  });

  it('the order e-mail promises the configured made-to-order time and return window', async () => {
    const session = randomUUID();
    const [p] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from product where group_id in (select id from product_group where not configurable) order by id limit 1`,
      ),
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': session },
      payload: { kind: 'product', id: p!.id },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
      payload: orderBody('facts@example.com'),
    });
    expect(res.statusCode).toBe(200);
    const mail = await lastMail(t, 'facts@example.com', 'order-confirmation');
    expect(mail.text).toContain('made-to-order rings take 12–16 business days');
    expect(mail.text).toContain('You have 21 days to return anything unworn');
    expect(mail.text).toContain('4–6 business days');
    expect(mail.text).not.toMatch(/8–12|10–14|30 days/);
  });

  it('refuses a malformed setting at start-up with the setting named', async () => {
    const { loadConfig } = await import('./config.ts');
    expect(() => loadConfig({ MADE_TO_ORDER_DAYS: 'two weeks' }, true)).toThrow(/MADE_TO_ORDER_DAYS/);
    expect(() => loadConfig({ SHIPPING_DAYS: 'soon' }, true)).toThrow(/SHIPPING_DAYS/);
  });
});
