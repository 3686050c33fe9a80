import type { FastifyInstance } from 'fastify';
import { redactUrl } from '@facet/contracts/secret-routes';

/**
 * A page's form posted to the page itself: it was sent before the page's scripts ran (they send it
 * to the API). Nothing in it is parsed, kept or logged — the body is drained unread, in a scope of
 * its own so the API keeps its parsers — and the visitor is sent to a page that says so.
 */
export async function formsSentEarly(app: FastifyInstance, opts: { rateLimitMax: number }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null));
    payload.on('error', done);
  });
  app.post('/*', { config: { rateLimit: { max: opts.rateLimitMax, timeWindow: '1 minute' } } }, (request, reply) => {
    // The page's address, less any secret its route carries (a one-time link's token): the store
    // never builds a URL holding a secret, and the next page's log line would keep it.
    const pathname = redactUrl(request.url.split(/[?#]/)[0]!);
    return reply.redirect(`/form-not-sent?from=${encodeURIComponent(pathname)}`, 303);
  });
}
