import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { adminCall, staffSession } from '../test/staff.ts';

// A back-office write may change what shoppers see; the writer's next page must not be older
// than it. The admin scope drops this instance's answers on every successful write, so a route
// added tomorrow cannot forget to (no route calls an invalidation itself; lint keeps it so).

let t: TestApp;
let dropped = 0;
beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  t.app.answerCache.onInvalidate(() => dropped++);
});
afterAll(() => t.close());

describe('after a back-office write', () => {
  it('this instance forgets its answers before the writer reads again, whatever the route', async () => {
    const owner = await staffSession(t, 'owner');
    const before = dropped;
    // A write that touches no catalogue table, so no database NOTIFY can be what drops them.
    const res = await adminCall(t, owner.cookie, 'PUT', '/settings/require-totp', { required: false });
    expect(res.statusCode).toBe(200);
    expect(dropped).toBeGreaterThan(before);
  });

  it('a refused write, or a read, drops nothing', async () => {
    const support = await staffSession(t, 'support');
    const before = dropped;
    expect((await adminCall(t, support.cookie, 'PUT', '/settings/require-totp', { required: false })).statusCode).toBe(
      403,
    );
    expect((await adminCall(t, support.cookie, 'GET', '/orders')).statusCode).toBe(200);
    expect(dropped).toBe(before);
  });
});
