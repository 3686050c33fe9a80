import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ROLES, type Role } from '@facet/contracts/admin';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { adminCall, placeDiamondOrder, staffSession } from '../test/staff.ts';
import { adminRouteTable } from './staff-auth.ts';

// Every /api/admin route × every role: 401 without a session, 403 for a role without the route's
// permission, and anything but 401/403 for a role with it (the body sent is empty, so a permitted
// write answers 400 and changes nothing).

let t: TestApp;
const cookies = {} as Record<Role, string>;
let number = '';
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ROLES) cookies[role] = (await staffSession(t, role)).cookie;
  number = (await placeDiamondOrder(t)).number;
});
afterAll(() => t.close());

const urlOf = (url: string) =>
  url
    .replace('/api/admin', '')
    .replace(':number', number)
    .replace(':id', '1')
    .replace(':kind', 'diamond')
    .replace(':quality', '14KY');

describe('admin routes × roles', () => {
  it('every admin route declares its access, and the table holds them all', () => {
    expect(adminRouteTable.length).toBeGreaterThan(10);
    expect(adminRouteTable.every((r) => r.url.startsWith('/api/admin/'))).toBe(true);
  });

  it('no session → 401 on every route that is not public', async () => {
    for (const r of adminRouteTable.filter((x) => x.access !== 'public')) {
      const res = await adminCall(t, null, r.method, urlOf(r.url), r.method === 'GET' ? undefined : {});
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('each role gets 403 exactly where its permissions end', async () => {
    const guarded = adminRouteTable.filter((x) => !['public', 'signed-in', 'password-only'].includes(x.access));
    for (const role of ROLES)
      for (const r of guarded) {
        const res = await adminCall(t, cookies[role], r.method, urlOf(r.url), r.method === 'GET' ? undefined : {});
        const allowed = can(role, r.access as Parameters<typeof can>[1]);
        if (allowed) expect([401, 403], `${role} ${r.method} ${r.url}: ${res.body}`).not.toContain(res.statusCode);
        else expect(res.statusCode, `${role} ${r.method} ${r.url}`).toBe(403);
      }
  });
});
