import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seed: false, extraApiRoutes: registerProbeRoutes });
});
afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('answers ok after checking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ok', database: t.database.kind });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('fails readiness while draining for shutdown; liveness stays up', async () => {
    t.app.lifecycle.draining = true;
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('errors', () => {
  it('answers an unknown API path with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      message: 'No API route for GET /api/no-such-thing',
      requestId: res.headers['x-request-id'],
    });
  });

  it('answers malformed JSON with 400 and a message, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/__echo',
      payload: '{"a":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not valid JSON/);
  });

  it('answers a wrong content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/__echo',
      payload: 'x',
      headers: { 'content-type': 'application/x-weird' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Unsupported content type.');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/__echo',
      payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });

  it('answers schema violations with 400, the first message and per-field errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/__echo', payload: { name: '', extra: 1 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(typeof body.message).toBe('string');
    expect(Object.keys(body.errors).length).toBeGreaterThan(0);
  });

  it('hides the text of unexpected errors behind a generic 500 message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/secret internals/);
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      requestId: res.headers['x-request-id'],
    });
  });
});

describe('security headers', () => {
  it('sets CSP with frame-ancestors none, HSTS, nosniff and Referrer-Policy on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('OpenAPI', () => {
  it('documents the API at /api/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/health', '/menu']));
  });
});

// Test-only routes inside the /api scope: one strict body, one that throws.
function registerProbeRoutes(api: TestApp['app']) {
  api
    .withTypeProvider<ZodTypeProvider>()
    .post('/__echo', { schema: { body: z.object({ name: z.string().min(1) }).strict() } }, async (req) => ({
      data: req.body,
    }));
  api.get('/__boom', async () => {
    throw new Error('secret internals');
  });
}

describe('rate limit', () => {
  it('limits each client on the API and cannot be dodged with a spoofed client header', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_MAX: '3' }, { seed: false });
    try {
      const hit = (headers: Record<string, string> = {}) =>
        limited.app.inject({ method: 'GET', url: '/api/menu', headers });
      for (let i = 0; i < 3; i++) expect((await hit()).statusCode).toBe(200);
      const blocked = await hit();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/Too many requests/);
      expect((await hit({ 'x-facet-client-ip': '10.9.9.9', 'x-forwarded-for': '10.9.9.9' })).statusCode).toBe(429);
      expect((await hit({ 'x-facet-internal': 'guess', 'x-facet-client-ip': '10.9.9.9' })).statusCode).toBe(429);
      // In-process calls from server rendering count against the shopper they carry.
      const internal = { 'x-facet-internal': limited.app.internalSecret, 'x-facet-client-ip': '203.0.113.7' };
      expect((await hit(internal)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('database unavailable', () => {
  it('answers 503 with a message, not 500, when the database cannot be reached', async () => {
    const down = await buildTestApp({}, { seed: true });
    try {
      await down.database.close();
      const health = await down.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      const listing = await down.app.inject({ method: 'GET', url: '/api/category/1100?sort=newest' });
      expect(listing.statusCode).toBe(503);
      expect(listing.json().message).toMatch(/briefly unavailable/);
    } finally {
      await down.close();
    }
  });
});
