import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { COMPRESS_FROM_BYTES } from './http-cache.ts';

// A kept catalogue answer goes out as the text made the first time, and its compressed forms are
// made once: every client gets the same bytes as the first, in the encoding it accepts.

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  // A ring with many variants: its answer is large enough to compress.
  const [ring] = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`select g.id from product_group g where g.published and g.kind = 'ring'
      and (select count(*) from product p where p.group_id = g.id and p.active) > 20 order by g.id limit 1`),
  );
  url = `/api/product/product?groupId=${ring!.id}`;
});
afterAll(() => t.close());

const get = (path: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url: path, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('a kept answer', () => {
  it('is the first answer’s text, byte for byte, plain, brotli or gzip, with one ETag', async () => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.body.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const plain = await get(url);
    const br = await get(url, 'gzip, deflate, br');
    const gz = await get(url, 'gzip');
    const brAgain = await get(url, 'br');
    expect(plain.body).toBe(first.body);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(first.body);
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    for (const a of [plain, br, gz]) {
      expect(a.headers.etag).toBe(first.headers.etag);
      expect(a.headers['cache-control']).toBe('public, no-cache');
      expect(a.headers.xkey).toBe(first.headers.xkey);
    }
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const notModified = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('is not serialised again on a hit: the text made the first time is what goes out', async () => {
    const first = await get(url);
    await get(url);
    // Once its text is made the entry keeps only that (nothing to serialise from, nothing for the
    // garbage collector to walk), and a hit sends the very text checked against the schema once.
    const kept = t.app.answerCache.peek(`GET ${url}`)!;
    expect(kept.body).toBeUndefined();
    expect(kept.text).toBe(first.body);
    const hit = await get(url);
    expect(hit.body).toBe(first.body);
  });

  it('has an ETag that names its text: the same after the cache is dropped, another when the answer changes', async () => {
    const first = await get(url);
    t.app.answerCache.invalidate();
    const same = await get(url);
    expect(same.body).toBe(first.body);
    expect(same.headers.etag).toBe(first.headers.etag);
    const groupId = Number(new URL(url, 'http://x').searchParams.get('groupId'));
    await t.database.db.execute(sql`update product set price_cents = price_cents + 100 where group_id = ${groupId}`);
    t.app.answerCache.invalidate();
    try {
      const changed = await get(url);
      expect(changed.body).not.toBe(first.body);
      expect(changed.headers.etag).not.toBe(first.headers.etag);
      const stale = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(stale.statusCode).toBe(200);
    } finally {
      await t.database.db.execute(sql`update product set price_cents = price_cents - 100 where group_id = ${groupId}`);
      t.app.answerCache.invalidate();
    }
  });

  it('small enough for one packet, goes uncompressed whatever the client accepts', async () => {
    const small = '/api/catalogue/stats';
    const first = await get(small);
    expect(first.body.length).toBeLessThan(COMPRESS_FROM_BYTES);
    const again = await get(small, 'br');
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body).toBe(first.body);
  });
});
