import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_ROUTES } from '@facet/contracts/secret-routes';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { logOptions } from './log-safety.ts';
import { formsSentEarly } from './plugins/forms-sent-early.ts';
import { securityPlugin } from './plugins/security.ts';

const TOKEN = 'Rz7Kq2Lm9Xw4Pv8Tn3Bc6Hd1Jf5Gs0Ya';
/** The token as it is, encoded once and twice, letter by letter, and a long piece of it. */
const forms = [
  TOKEN,
  encodeURIComponent(TOKEN),
  encodeURIComponent(encodeURIComponent(TOKEN)),
  [...TOKEN].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''),
  TOKEN.slice(4, 20),
];
const sink = (lines: string[]) =>
  new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
/** A URL of a secret route with the token put where the route declares a secret, spelt `spelt`. */
const urlOf = (pattern: string, secretsInPath: readonly string[], query: readonly string[], spelt: string) => {
  const path = pattern.replace(/:(\w+)/g, (_, n: string) => (secretsInPath.includes(n) ? spelt : 'FCT-7K2M9Q4D'));
  return query.length ? `${path}?${query.map((n) => `${n}=${spelt}`).join('&')}` : path;
};

describe('no secret reaches the log, whatever route carries it and however it is spelt', () => {
  let t: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'info' }, { seed: false, logStream: sink(logs) });
  });
  afterAll(() => t.close());

  it('every API route with a token or signature among its parameters is a declared secret route', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json<{
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    }>();
    let found = 0;
    for (const [p, ops] of Object.entries(doc.paths))
      for (const op of Object.values(ops)) {
        const params = op.parameters ?? [];
        if (!params.some((x) => /token|sig|secret/i.test(x.name))) continue;
        found++;
        const pattern = `/api${p.replace(/\{(\w+)\}/g, ':$1')}`;
        const declared = SECRET_ROUTES.find((r) => r.pattern === pattern);
        expect(declared, `${pattern} carries a secret: declare it in contracts/secret-routes.ts`).toBeDefined();
        for (const x of params.filter((y) => /token|sig|secret/i.test(y.name)))
          expect(x.in === 'path' ? declared!.path : declared!.query, `${pattern} ${x.in} ${x.name}`).toContain(x.name);
      }
    expect(found).toBeGreaterThanOrEqual(7);
  });

  it('every declared route, called as the scripts call it and as a page is opened or sent without them', async () => {
    for (const route of SECRET_ROUTES)
      for (const spelt of forms.slice(0, 4)) {
        const url = urlOf(route.pattern, route.path ?? [], route.query ?? [], spelt);
        for (const method of ['GET', 'POST'] as const) {
          const res = await t.app.inject({ method, url, headers: { 'x-order-token': TOKEN } });
          expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
          for (const f of forms) expect(res.headers.location ?? '', url).not.toContain(f);
        }
      }
    const all = logs.join('');
    expect(all).toContain('[redacted]');
    for (const f of forms) expect(all, f).not.toContain(f);
  });
});

describe('a form sent to a page before its scripts ran', () => {
  const logs: string[] = [];
  const app = Fastify({ logger: logOptions('info', sink(logs)) });
  beforeAll(async () => {
    await app.register(securityPlugin);
    await app.register(formsSentEarly, { rateLimitMax: 1000 });
    await app.ready();
  });
  afterAll(() => app.close());

  it('is sent on to a page whose address holds no secret, and nothing of it is logged', async () => {
    for (const route of SECRET_ROUTES.filter((r) => !r.pattern.startsWith('/api')))
      for (const spelt of forms.slice(0, 4)) {
        const url = urlOf(route.pattern, route.path ?? [], route.query ?? [], spelt);
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `password=${TOKEN}`,
        });
        expect(res.statusCode).toBe(303);
        const location = res.headers.location as string;
        expect(location).toMatch(/^\/form-not-sent\?from=/);
        for (const f of forms) expect(location, `${url} → ${location}`).not.toContain(f);
        // The page it lands on is logged too: its address is the one just built.
        await app.inject({ method: 'GET', url: location });
      }
    const all = logs.join('');
    for (const f of forms) expect(all, f).not.toContain(f);
  });

  it('a page whose address carries a secret is answered with no referrer; others keep the default', async () => {
    const secret = await app.inject({ method: 'POST', url: `/admin/set-password/${TOKEN}` });
    expect(secret.headers['referrer-policy']).toBe('no-referrer');
    const plain = await app.inject({ method: 'POST', url: '/contact-us' });
    expect(plain.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('the request log keeps what a form sent as a GET put in the URL out', () => {
  it('never records a password, code or e-mail sent in a query string', async () => {
    const logs: string[] = [];
    const app = Fastify({ logger: logOptions('info', sink(logs)) });
    app.get('/*', async () => 'page');
    const SECRET = 'Loupe-Secret-7731';
    await app.inject({ method: 'GET', url: `/admin/login?email=owner%40facet.test&password=${SECRET}` });
    await app.inject({ method: 'GET', url: `/api/auth/verify?code=${SECRET}` });
    await app.inject({ method: 'GET', url: `/admin/set-password/abc?p=${SECRET}` });
    await app.close();
    const all = logs.join('');
    expect(all).toContain('/admin/login?email=[redacted]&password=[redacted]');
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain('owner%40facet.test');
  });
});
