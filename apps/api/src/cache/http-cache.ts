import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TAG_HEADERS, tagHeader } from './cache-tags.ts';
import { negotiate } from './page-cache.ts';

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
  const current = cache.isCurrent(entry);
  // The text its route makes of it (checked against the response schema), made once and kept with
  // the entry for renders in this process, which read it without a request; the ETag is its digest.
  let text = entry.text;
  let etag = entry.etag;
  if (text === undefined) {
    const body = entry.body as { data: T };
    text = reply.serialize(body) as string;
    etag = `"${createHash('sha1').update(text).digest('base64url')}"`;
    if (current) {
      entry.tags = tagHeader(typeof named === 'function' ? named(body.data) : named);
      [entry.text, entry.etag] = [text, etag];
      // Kept as its text from now on: the objects it was made from would only be more for every
      // garbage collection to walk (2,000 answers of hundreds of objects each), never read again.
      entry.body = undefined;
    }
  }
  reply.header('cache-control', PUBLIC_ANSWER);
  reply.header('etag', etag);
  if (current) for (const h of TAG_HEADERS) reply.header(h, entry.tags!);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send() as never;
  // The answer goes out as that text, and a kept one compressed once per encoding: a hit neither
  // serialises nor compresses it again.
  reply.type('application/json; charset=utf-8');
  const encoding = text.length >= COMPRESS_FROM_BYTES ? negotiate(request.headers['accept-encoding']) : null;
  // An answer read before a write is not kept: the compress plugin compresses it like any other.
  if (!encoding || !current) return reply.send(text) as never;
  const bytes = await ((entry.compressed ??= {})[encoding] ??=
    encoding === 'br'
      ? brotli(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } })
      : gzip(text, { level: 6 }));
  reply.header('vary', 'accept-encoding');
  reply.header('content-encoding', encoding);
  return reply.send(bytes) as never;
}

/** Files an answer under its tags for a shared cache (and for the page that reads it in-process). */
export function tagAnswer(reply: FastifyReply, named: readonly string[]) {
  const value = tagHeader(named);
  for (const h of TAG_HEADERS) reply.header(h, value);
}
