import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
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
