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

/**
 * Back-office answers without a declared 2xx schema, as they stood when the rule began. The list
 * only shrinks: a new route must declare the shape of its answer, and a route given one leaves the
 * list (the test fails until it is removed here). Typed contracts for these: issue 30.
 */
const UNTYPED_ANSWERS = new Set([
  'GET /api/admin/orders.csv',
  'GET /api/admin/audit',
  'GET /api/admin/customers',
  'GET /api/admin/customers/:id',
  'POST /api/admin/customers/:id/notes',
  'GET /api/admin/stones',
  'POST /api/admin/stones/:kind/:id',
  'GET /api/admin/metal-rates',
  'POST /api/admin/metal-rates/:quality/preview',
  'PUT /api/admin/metal-rates/:quality',
  'GET /api/admin/products',
  'GET /api/admin/products/:id',
  'PATCH /api/admin/products/:id',
  'POST /api/admin/products/:id/photos',
  'PUT /api/admin/products/:id/photos',
  'DELETE /api/admin/products/:id/photos/:key',
  'GET /api/admin/markup-rules',
  'POST /api/admin/markup-rules/preview',
  'PUT /api/admin/markup-rules',
  'GET /api/admin/imports',
  'GET /api/admin/imports/:id',
  'GET /api/admin/imports/:id/errors.csv',
  'POST /api/admin/imports',
  'PUT /api/admin/imports/:id/pieces/:seq',
  'POST /api/admin/imports/:id/start',
  'DELETE /api/admin/imports/:id',
  'POST /api/admin/imports/:id/apply',
  'GET /api/admin/suppliers',
  'PUT /api/admin/suppliers/:code/pull',
  'GET /api/admin/supplier-categories',
  'PUT /api/admin/suppliers/:code/categories',
  'POST /api/admin/suppliers/:code/pull-now',
]);

describe('admin answers are typed', () => {
  it('every admin route declares its 2xx answer, but for the shrinking list of the untyped', () => {
    const untyped = adminRouteTable.filter((r) => !r.answers).map((r) => `${r.method} ${r.url}`);
    expect(
      untyped.filter((r) => !UNTYPED_ANSWERS.has(r)),
      'new routes without an answer schema',
    ).toEqual([]);
    expect(
      [...UNTYPED_ANSWERS].filter((r) => !untyped.includes(r)),
      'typed now: remove from UNTYPED_ANSWERS',
    ).toEqual([]);
  });
});
