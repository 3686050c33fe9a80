import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Anonymous catalogue answers, through the in-process answer cache (keyed by the full URL), with a
 * strong ETag; 304 when the client already has the same body. Answers that depend on who is
 * asking never come through here.
 *
 * Browsers and shared caches may keep them but must ask again before each use (no-cache): staff
 * can sell, hide or archive anything at any moment, and a kept copy would go on showing it (a
 * hidden category in the menu, an archived piece) for as long as it was allowed to live.
 */
const PUBLIC_ANSWER = 'public, no-cache';

export async function cachedPublic<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<T>,
): Promise<{ data: T }> {
  const entry = await request.server.answerCache.get(`${request.method} ${request.url}`, async () => ({
    data: await load(),
  }));
  reply.header('cache-control', PUBLIC_ANSWER);
  reply.header('etag', entry.etag);
  if (request.headers['if-none-match'] === entry.etag) reply.code(304);
  return entry.body as { data: T };
}
