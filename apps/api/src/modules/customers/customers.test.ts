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
});
