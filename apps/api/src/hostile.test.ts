import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { signUp } from './test/accounts.ts';
import { rowsOf } from './db/client.ts';

// Hostile input on every route of the OpenAPI document: each field of a well-formed request is
// replaced in turn by text with a NUL byte, a lone UTF-16 surrogate, an over-long string, a deeply
// nested value or an oversized number. Every answer is a 4xx with the usual error body, and not
// one row is written.

let t: TestApp;
let token: string;
const ids = { address: 0, line: 0, group: 0, product: 0, diamond: 0 };
beforeAll(async () => {
  t = await buildTestApp({
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_AUTH_MAX: '1000000',
    RATE_LIMIT_FORM_MAX: '1000000',
    RATE_LIMIT_ORDER_MAX: '1000000',
  });
  token = await signUp(t, 'hostile@example.com');
  const q = async (s: ReturnType<typeof sql>) => rowsOf<{ id: number }>(await t.database.db.execute(s))[0]!.id;
  ids.group = await q(sql`select group_id as id from configuration_model order by group_id limit 1`);
  ids.product = await q(
    sql`select id from product where group_id in (select id from product_group where not configurable) order by id limit 1`,
  );
  ids.diamond = await q(sql`select id from diamond where status = 'available' order by id limit 1`);
  const addr = await t.app.inject({
    method: 'POST',
    url: '/api/address',
    headers: { authorization: `Bearer ${token}` },
    payload: ADDRESS,
  });
  ids.address = addr.json().data.id ?? addr.json().data[0]?.id;
  const line = await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { authorization: `Bearer ${token}` },
    payload: { kind: 'product', id: ids.product },
  });
  ids.line = line.json().data.lines[0].id;
});
afterAll(async () => {
  await t.close();
});

const ADDRESS = {
  name: 'Ada King',
  company: '',
  line1: '12 Bleecker St',
  line2: '',
  city: 'New York',
  state: 'NY',
  zip: '10012',
  country: 'US',
  phone: '(212) 555-0188',
};

/** A well-formed request for each operation (path parameters and body); GETs use their query parameters. */
const examples = (): Record<
  string,
  { path?: Record<string, string>; query?: Record<string, string>; body?: unknown }
> => ({
  'GET /category/{id}': {
    path: { id: '1100' },
    query: {
      sort: 'featured',
      page: '1',
      pageSize: '24',
      filters: JSON.stringify([{ label: 'metal type', matchType: 'like', options: ['Gold'] }]),
    },
  },
  'GET /product/product': { query: { groupId: String(ids.group) } },
  'GET /stuller/fetch-products': { query: { groupId: String(ids.group), series: 'A' } },
  'GET /diamond': {
    query: {
      shape: 'Round',
      caratMin: '0.5',
      caratMax: '2',
      colorMin: 'D',
      clarityMax: 'SI2',
      lab: 'GIA',
      sort: 'price',
      page: '1',
    },
  },
  'GET /product/diamond': { query: { id: String(ids.diamond) } },
  'GET /product/notable-gemstone': {
    query: { type: 'sapphire', color: 'Blue', shape: 'Oval', sort: 'price', page: '1' },
  },
  'GET /melee': { query: { origin: 'natural', shape: 'Round' } },
  'GET /stuller/fetch-auto-complete': { query: { q: 'ring' } },
  'GET /cart': { query: { state: 'NY', shipping: 'standard' } },
  'GET /order/{number}': { path: { number: 'FCT-ABCDEFGH' }, query: { token: 'x'.repeat(43) } },
  'POST /product/search-product': { body: { data: 'halo ring', type: 'all', page: 1, pageSize: 24 } },
  'POST /stuller/stone-families': { body: { groupId: ids.group, locations: [1] } },
  'POST /stuller/search-stones': { body: { groupId: ids.group, location: 1, family: 'diamond', category: 'Natural' } },
  'POST /stuller/configure-product': { body: { groupId: ids.group, metal: '14KW', size: 7, stones: [] } },
  'POST /user/register': {
    body: { firstName: 'Nul', lastName: 'Byte', email: 'nul@example.com', password: 'Brilliant$Cut2026' },
  },
  'POST /user/authenticate': { body: { username: 'hostile@example.com', password: 'Brilliant$Cut2026x' } },
  'POST /user/verify-otp': { body: { otp: '123456' } },
  'POST /user/forget-password': { body: { email: 'hostile@example.com' } },
  'POST /user/reset-password': { body: { password: 'Brilliant$Cut2026' } },
  'POST /address': { body: ADDRESS },
  'PUT /address/{id}': { path: { id: String(ids.address) }, body: ADDRESS },
  'DELETE /address/{id}': { path: { id: String(ids.address) } },
  'POST /contact-us': {
    body: { name: 'Ada King', email: 'ada@example.com', phone: '', subject: 'Sizing', message: 'What size is right?' },
  },
  'POST /newsletter': { body: { email: 'letters@example.com' } },
  'POST /newsletter/confirm': { body: { token: 'x'.repeat(43) } },
  'POST /cart/items': { body: { kind: 'product', id: ids.product, quantity: 1 } },
  'PATCH /cart/items/{id}': { path: { id: String(ids.line) }, body: { quantity: 2 } },
  'DELETE /cart/items/{id}': { path: { id: String(ids.line) } },
  'POST /order': {
    body: {
      email: 'ada@example.com',
      shippingAddress: ADDRESS,
      shippingMethod: 'standard',
      card: { name: 'Ada King', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    },
  },
});

/** Percent-encodes like a browser, except that a lone surrogate goes out as the invalid UTF-8 a hostile client would send. */
const enc = (s: string) =>
  s
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

const deep = (n: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = [v];
  return v;
};
/** Replacements for a string field; the fast-check text around them varies per run. */
const STRING_MUTATIONS = (around: string) => [
  `${around}\u0000${around}`,
  `${around}\uD800${around}`,
  `${around}\uDFFF`,
  `\uDBFF${around}`,
  `${around}${'x'.repeat(100_000)}`,
];
const OTHER_MUTATIONS: unknown[] = [2 ** 70, -(2 ** 70), 1e-320, deep(2_000), { nested: deep(64) }];
const BIG_NUMBERS_RAW = ['1e400', '-1e400', '123456789012345678901234567890'];

/** Every leaf of a body, as a path of keys. */
function leaves(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (v && typeof v === 'object')
    return Object.entries(v).flatMap(([k, x]) => leaves(x, [...at, Array.isArray(v) ? Number(k) : k]));
  return [at];
}
function setAt(v: unknown, at: (string | number)[], value: unknown): unknown {
  if (!at.length) return value;
  const copy: Record<string | number, unknown> = Array.isArray(v) ? ([...v] as never) : { ...(v as object) };
  copy[at[0]!] = setAt(copy[at[0]!], at.slice(1), value);
  return copy;
}

const TABLES = [
  'app_user',
  'address',
  'contact_message',
  'newsletter_subscriber',
  'cart',
  'cart_line',
  'customer_order',
  'order_line',
  'outbox_mail',
  'email_code',
];
const snapshot = async () => {
  const out: Record<string, number> = {};
  for (const table of TABLES)
    out[table] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)),
    )[0]!.n;
  out.user_token = rowsOf<{ n: number }>(
    await t.database.db.execute(
      sql`select count(*)::int as n from user_token where scope <> 'session' or revoked_at is null`,
    ),
  )[0]!.n;
  return out;
};

interface Sent {
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
}
async function send(r: Sent) {
  return t.app.inject({
    method: r.method as 'GET',
    url: r.url,
    payload: r.payload,
    headers: {
      authorization: `Bearer ${token}`,
      'x-session-id': randomUUID(),
      'idempotency-key': randomUUID(),
      ...(r.payload !== undefined ? { 'content-type': r.contentType ?? 'application/json' } : {}),
    },
  });
}
function expectRefused(res: Awaited<ReturnType<typeof send>>, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 160)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what} → ${res.body.slice(0, 160)}`).toBeLessThan(500);
  const body = res.json() as { message?: unknown };
  expect(typeof body.message, what).toBe('string');
}

describe('hostile input on every route of the OpenAPI document', () => {
  it('NUL bytes, lone surrogates, over-long strings, deep nesting and huge numbers in any field → 4xx, nothing written', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>>;
    };
    const ex = examples();
    const before = await snapshot();
    let requests = 0;
    const ops = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.entries(methods).map(([m, op]) => ({
        key: `${m.toUpperCase()} ${p}`,
        method: m.toUpperCase(),
        path: p,
        op,
      })),
    );
    expect(ops.length).toBeGreaterThan(30);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 6 }), async (around) => {
        for (const { key, method, path, op } of ops) {
          const e = ex[key] ?? {};
          const params = op.parameters ?? [];
          const pathFor = (over: Record<string, string> = {}) =>
            path.replace(/\{(\w+)\}/g, (_, n: string) => enc(over[n] ?? e.path?.[n] ?? '1'));
          const queryFor = (over: Record<string, string> = {}) => {
            const q = { ...e.query, ...over };
            return Object.keys(q).length
              ? `?${Object.entries(q)
                  .map(([k, v]) => `${k}=${enc(v)}`)
                  .join('&')}`
              : '';
          };
          const url = (po = {}, qo = {}) => `/api${pathFor(po)}${queryFor(qo)}`;
          const body = e.body;
          // Path and query parameters.
          for (const p of params.filter((x) => x.in === 'path' || x.in === 'query')) {
            for (const bad of [...STRING_MUTATIONS(around), ...BIG_NUMBERS_RAW]) {
              const res = await send({
                method,
                url: p.in === 'path' ? url({ [p.name]: bad }) : url({}, { [p.name]: bad }),
                payload: body === undefined ? undefined : JSON.stringify(body),
              });
              requests++;
              expect(res.statusCode, `${key} ${p.in} ${p.name} → ${res.body.slice(0, 160)}`).toBeLessThan(500);
            }
          }
          if (!op.requestBody || body === undefined) continue;
          // Each leaf of the body, then the body as a whole.
          for (const at of leaves(body)) {
            const values: unknown[] = [...STRING_MUTATIONS(around), ...OTHER_MUTATIONS];
            for (const bad of values) {
              const res = await send({ method, url: url(), payload: JSON.stringify(setAt(body, at, bad)) });
              requests++;
              expectRefused(res, `${key} ${at.join('.')}`);
            }
            for (const raw of BIG_NUMBERS_RAW) {
              const marker = '"__N__"';
              const res = await send({
                method,
                url: url(),
                payload: JSON.stringify(setAt(body, at, '__N__')).replace(marker, raw),
              });
              requests++;
              expectRefused(res, `${key} ${at.join('.')}=${raw}`);
            }
          }
          const deepText = (n: number) => `${'['.repeat(n)}"x"${']'.repeat(n)}`;
          for (const whole of [
            deepText(200_000),
            JSON.stringify({ ...(body as object), extra: '__D__' }).replace('"__D__"', deepText(5_000)),
          ]) {
            const res = await send({ method, url: url(), payload: whole });
            requests++;
            expectRefused(res, `${key} deep body`);
          }
          for (const type of [
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'application/json; charset=utf-16',
            'multipart/form-data; boundary=x',
          ]) {
            const res = await send({ method, url: url(), payload: 'a=\u0000', contentType: type });
            requests++;
            expectRefused(res, `${key} as ${type}`);
          }
        }
      }),
      { numRuns: 2 },
    );
    expect(requests).toBeGreaterThan(1_000);
    expect(await snapshot()).toEqual(before);
  }, 240_000);
});
