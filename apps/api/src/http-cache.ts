import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Anonymous catalogue answers are cacheable: Cache-Control plus a strong ETag, and 304 when the
 * client already has the same body. Answers that depend on who is asking never come through here.
 */
export function cachePublic<T>(request: FastifyRequest, reply: FastifyReply, body: T, maxAgeS: number): T {
  const etag = `"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
  reply.header('cache-control', `public, max-age=${maxAgeS}, stale-while-revalidate=${maxAgeS * 4}`);
  reply.header('etag', etag);
  if (request.headers['if-none-match'] === etag) {
    reply.code(304);
  }
  return body;
}
