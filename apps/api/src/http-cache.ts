import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

function send<T>(request: FastifyRequest, reply: FastifyReply, body: T, etag: string, maxAgeS: number): T {
  reply.header('cache-control', `public, max-age=${maxAgeS}, stale-while-revalidate=${maxAgeS * 4}`);
  reply.header('etag', etag);
  if (request.headers['if-none-match'] === etag) reply.code(304);
  return body;
}

/**
 * Anonymous catalogue answers are cacheable: Cache-Control plus a strong ETag, and 304 when the
 * client already has the same body. Answers that depend on who is asking never come through here.
 */
export function cachePublic<T>(request: FastifyRequest, reply: FastifyReply, body: T, maxAgeS: number): T {
  return send(request, reply, body, `"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`, maxAgeS);
}

/** The same, through the in-process answer cache (keyed by the full URL). */
export async function cachedPublic<T>(request: FastifyRequest, reply: FastifyReply, maxAgeS: number, load: () => Promise<T>): Promise<{ data: T }> {
  const entry = await request.server.answerCache.get(`${request.method} ${request.url}`, async () => ({ data: await load() }));
  return send(request, reply, entry.body as { data: T }, entry.etag, maxAgeS);
}
