import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { formsSentEarly } from './forms-sent-early.ts';

// A form submitted before its page's scripts ran: the browser sends it itself, to the page.
const SECRET = 'Loupe-Secret-7731';

describe('a form sent before the page was ready', () => {
  it('is answered with a page that says it was not sent; its body is never read', async () => {
    const app = Fastify();
    await app.register(formsSentEarly, { rateLimitMax: 100 });
    const res = await app.inject({
      method: 'POST',
      url: '/admin/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=owner%40facet.test&password=${SECRET}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/form-not-sent?from=%2Fadmin%2Flogin');
    expect(res.body).not.toContain(SECRET);
    // Whatever it was sent as: a multipart upload, or no type at all.
    const multi = await app.inject({
      method: 'POST',
      url: '/contact-us?x=1',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
    });
    expect(multi.statusCode).toBe(303);
    expect(multi.headers.location).toBe('/form-not-sent?from=%2Fcontact-us');
    await app.close();
  });
});

describe('the request log', () => {
  let t: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, cb) {
        logs.push(String(chunk));
        cb();
      },
    });
    t = await buildTestApp({ LOG_LEVEL: 'info' }, { seed: false, logStream: sink });
  });
  afterAll(() => t.close());

  it('never records a password, code or e-mail sent in a query string', async () => {
    await t.app.inject({ method: 'GET', url: `/admin/login?email=owner%40facet.test&password=${SECRET}` });
    await t.app.inject({ method: 'GET', url: `/api/auth/verify?code=${SECRET}` });
    await t.app.inject({ method: 'GET', url: `/admin/set-password/abc?p=${SECRET}` });
    const all = logs.join('');
    expect(all).toContain('/admin/login?email=[redacted]&password=[redacted]');
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain('owner%40facet.test');
  });
});
