import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { plainForms } from './plain-forms.ts';

// The contact form and the newsletter box work without scripts: their fields reach the page's
// action. Nothing else does, and no other site may post them in a shopper's name.
async function app() {
  const sent: string[] = [];
  const a = Fastify();
  await a.register(plainForms, {
    rateLimitMax: 100,
    publicUrl: 'https://facet.example',
    render: async (req, reply) => {
      sent.push(req.body as string);
      return reply.send('page');
    },
  });
  return { a, sent };
}
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('a plain form sent to its page', () => {
  it('reaches the page with its fields as sent, from the store or with no origin said', async () => {
    const { a, sent } = await app();
    for (const origin of ['https://facet.example', undefined]) {
      const res = await a.inject({
        method: 'POST',
        url: '/contact-us',
        headers: { ...form, ...(origin ? { origin } : {}) },
        payload: 'name=Ada&message=Hello+there',
      });
      expect(res.body).toBe('page');
    }
    expect(sent).toEqual(['name=Ada&message=Hello+there', 'name=Ada&message=Hello+there']);
  });

  it('is not sent when another site posts it, nor when it is not a plain form', async () => {
    const { a, sent } = await app();
    const cases = [
      { headers: { ...form, origin: 'https://evil.example' }, payload: 'email=a%40b.co' },
      { headers: { ...form, 'sec-fetch-site': 'cross-site' }, payload: 'email=a%40b.co' },
      { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' },
    ];
    for (const c of cases) {
      const res = await a.inject({ method: 'POST', url: '/newsletter', ...c });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/form-not-sent?from=%2Fnewsletter');
    }
    expect(sent).toEqual([]);
  });
});
