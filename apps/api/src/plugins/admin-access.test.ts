import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ROLES, type Role } from '@facet/contracts/admin';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { adminCall, placeDiamondOrder, staffSession } from '../test/staff.ts';
import Fastify from 'fastify';
import { ADMIN_API } from '@facet/contracts/admin-api';
import { adminRouteTable, adminScope } from './staff-auth.ts';

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

// Typed back-office contracts: every admin answer's shape is declared once (in contracts), the
// API's serializer holds the answer to it, and the admin pages take their types from it.
describe('admin answers are typed', () => {
  it("the API serves every operation of the contracts' table, once, at its method and path", () => {
    const served = adminRouteTable.map((r) => `${r.method} ${r.url.replace('/api/admin', '')}`).sort();
    expect(served).toEqual(Object.keys(ADMIN_API).sort());
  });

  it('an admin route not made from the table is refused when the app starts', async () => {
    const app = Fastify();
    const start = async () => {
      await app.register(async (scope) => {
        await adminScope(scope);
        scope.get('/by-hand', { config: { access: 'orders:read' } }, async () => ({ data: 1 }));
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/adminRoute\(\) from ADMIN_API/);
    await app.close();
  });

  it('every /api/admin operation in the OpenAPI document has a 2xx answer with a schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>
      >;
    };
    const ops = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/admin/'))
      .flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => ({ op: `${m.toUpperCase()} ${p}`, ...op })));
    expect(ops.length).toBe(adminRouteTable.length);
    const bare = ops
      .filter(({ responses = {} }) => {
        const ok = Object.entries(responses).filter(([code]) => /^2\d\d$/.test(code));
        // A 204 has no body to describe; any other success names its media type and schema.
        return !ok.some(([code, r]) => code === '204' || Object.values(r.content ?? {}).some((c) => c.schema));
      })
      .map((o) => o.op);
    expect(bare).toEqual([]);
  });
});
