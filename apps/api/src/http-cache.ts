import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Anonymous catalogue answers, through the in-process answer cache (keyed by the full URL), with
 * Cache-Control and a strong ETag; 304 when the client already has the same body. Answers that
 * depend on who is asking never come through here.
 */
export async function cachedPublic<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  maxAgeS: number,
  load: () => Promise<T>,
): Promise<{ data: T }> {
  const entry = await request.server.answerCache.get(`${request.method} ${request.url}`, async () => ({
    data: await load(),
  }));
  reply.header('cache-control', `public, max-age=${maxAgeS}, stale-while-revalidate=${maxAgeS * 4}`);
  reply.header('etag', entry.etag);
  if (request.headers['if-none-match'] === entry.etag) reply.code(304);
  return entry.body as { data: T };
}
