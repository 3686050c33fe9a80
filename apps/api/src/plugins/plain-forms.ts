import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from '@facet/contracts/secret-routes';

/**
 * Pages whose forms work without the page's scripts: the browser posts the fields to the page and
 * its route's action sends them on (contact, newsletter). Every other page's form posted early is
 * drained unread (forms-sent-early.ts).
 */
export const PLAIN_FORM_PAGES = ['/contact-us', '/newsletter'] as const;

/** A plain form's fields are a few kilobytes at most (a contact message is capped well below). */
const FORM_BYTES = 32 * 1024;

export async function plainForms(
  app: FastifyInstance,
  opts: {
    rateLimitMax: number;
    publicUrl: string;
    render: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BYTES },
    (_req, body, done) => done(null, body),
  );
  // Anything else (a file, no type at all) is not one of these forms: drained unread.
  app.addContentTypeParser('*', (_req, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null));
    payload.on('error', done);
  });
  const notSent = (request: FastifyRequest, reply: FastifyReply) =>
    reply.redirect(`/form-not-sent?from=${encodeURIComponent(redactUrl(request.url.split(/[?#]/)[0]!))}`, 303);
  for (const page of PLAIN_FORM_PAGES) {
    app.post(page, { config: { rateLimit: { max: opts.rateLimitMax, timeWindow: '1 minute' } } }, (request, reply) =>
      typeof request.body === 'string' && sameSite(request, opts.publicUrl)
        ? opts.render(request, reply)
        : notSent(request, reply),
    );
  }
}

/** Sent from one of the store's own pages: another site's form may not post in a shopper's name. */
function sameSite(request: FastifyRequest, publicUrl: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const from = new URL(origin).host;
    return from === request.headers.host || from === new URL(publicUrl).host;
  } catch {
    return false;
  }
}
