import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TAG_HEADERS, tagHeader } from './cache-tags.ts';
import { negotiate } from './web/page-cache.ts';

/** Answers smaller than this go uncompressed: about one packet's payload (see the compress plugin in app.ts). */
export const COMPRESS_FROM_BYTES = 1_400;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Anonymous catalogue answers, through the in-process answer cache (keyed by the full URL), with a
 * strong ETag; 304 when the client already has the same body. Answers that depend on who is
 * asking never come through here.
 *
 * Browsers may keep them but must ask again before each use (no-cache): staff can sell, hide or
 * archive anything at any moment. A shared cache in front keeps them under the tags of what they
 * show (`named`, from cache-tags.ts) and is purged by tag when that changes; an answer read before
 * a write this instance has heard of carries no tags, so no shared cache keeps it.
 */
const PUBLIC_ANSWER = 'public, no-cache';

export async function cachedPublic<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<T>,
  named: readonly string[] | ((data: T) => readonly string[]),
): Promise<{ data: T }> {
  const cache = request.server.answerCache;
  const entry = await cache.get(`${request.method} ${request.url}`, async () => ({ data: await load() }));
  const body = entry.body as { data: T };
  reply.header('cache-control', PUBLIC_ANSWER);
  reply.header('etag', entry.etag);
  if (cache.isCurrent(entry)) {
    // Kept with the entry (once) for renders in this process, which read it without a request.
    entry.tags ??= tagHeader(typeof named === 'function' ? named(body.data) : named);
    if (entry.text === undefined) {
      const text = reply.serialize(body);
      if (typeof text === 'string') entry.text = text;
    }
    for (const h of TAG_HEADERS) reply.header(h, entry.tags);
  }
  if (request.headers['if-none-match'] === entry.etag) {
    reply.code(304);
    return body;
  }
  // A kept answer goes out as the text its route made of it the first time (checked against the
  // response schema then), and compressed once per encoding: a hit neither serialises nor
  // compresses it again.
  if (entry.text !== undefined && cache.isCurrent(entry)) {
    reply.type('application/json; charset=utf-8');
    const encoding =
      Buffer.byteLength(entry.text) >= COMPRESS_FROM_BYTES ? negotiate(request.headers['accept-encoding']) : null;
    if (!encoding) return reply.send(entry.text) as never;
    const text = entry.text;
    const bytes = await ((entry.compressed ??= {})[encoding] ??=
      encoding === 'br'
        ? brotli(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } })
        : gzip(text, { level: 6 }));
    reply.header('vary', 'accept-encoding');
    reply.header('content-encoding', encoding);
    return reply.send(bytes) as never;
  }
  return body;
}

/** Files an answer under its tags for a shared cache (and for the page that reads it in-process). */
export function tagAnswer(reply: FastifyReply, named: readonly string[]) {
  const value = tagHeader(named);
  for (const h of TAG_HEADERS) reply.header(h, value);
}
