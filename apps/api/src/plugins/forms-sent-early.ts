import type { FastifyInstance } from 'fastify';

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
    const pathname = request.url.split(/[?#]/)[0]!;
    return reply.redirect(`/form-not-sent?from=${encodeURIComponent(pathname)}`, 303);
  });
}
