import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUp } from '../../test/accounts.ts';
import { adminCall, staffSession } from '../../test/staff.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
});
afterAll(() => t.close());

describe('customers in the back office', () => {
  it('support finds a customer and opens their record, which holds no secret', async () => {
    await signUp(t, 'hedy.lamarr@example.com', undefined, 'Hedy');
    const { cookie } = await staffSession(t, 'support');
    const list = await adminCall(t, cookie, 'GET', '/customers?q=hedy');
    expect(list.statusCode).toBe(200);
    const [row] = list.json().data.rows;
    expect(row).toMatchObject({ email: 'hedy.lamarr@example.com', firstName: 'Hedy', verified: true, orders: 0 });
    const one = await adminCall(t, cookie, 'GET', `/customers/${row.id}`);
    expect(one.json().data).toMatchObject({
      email: 'hedy.lamarr@example.com',
      newsletter: 'not subscribed',
      orders: [],
    });
    expect(one.body).not.toMatch(/password|token|hash|\$argon2/i);
    expect((await adminCall(t, cookie, 'GET', '/customers/999999')).statusCode).toBe(404);
  });

  it('staff keep notes on a customer: newest first, with who wrote them; fulfilment may not; the customer never sees them', async () => {
    const customer = await signUp(t, 'ada.notes@example.com', undefined, 'Ada');
    const support = await staffSession(t, 'support');
    const [row] = (await adminCall(t, support.cookie, 'GET', '/customers?q=ada.notes')).json().data.rows;
    for (const note of ['Ring size 6½ — measured in the shop', 'Prefers a call before delivery'])
      expect((await adminCall(t, support.cookie, 'POST', `/customers/${row.id}/notes`, { note })).statusCode).toBe(200);
    const one = (await adminCall(t, support.cookie, 'GET', `/customers/${row.id}`)).json().data;
    expect(one.notes.map((n: { body: string; by: string }) => [n.body, n.by])).toEqual([
      ['Prefers a call before delivery', support.email],
      ['Ring size 6½ — measured in the shop', support.email],
    ]);
    expect((await adminCall(t, support.cookie, 'POST', `/customers/${row.id}/notes`, { note: '  ' })).statusCode).toBe(
      400,
    );
    expect((await adminCall(t, support.cookie, 'POST', '/customers/999999/notes', { note: 'x' })).statusCode).toBe(404);
    const fulfilment = await staffSession(t, 'fulfilment');
    expect(
      (await adminCall(t, fulfilment.cookie, 'POST', `/customers/${row.id}/notes`, { note: 'Hello' })).statusCode,
    ).toBe(403);
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('Prefers a call');
  });
});
