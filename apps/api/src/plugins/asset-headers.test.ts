import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHashedSubresource, securityPlugin } from './security.ts';

// A page's scripts, styles and fonts carry only the headers a subresource is read by; documents,
// API answers and anything that can be opened as a document (an SVG) keep the whole set.

const DOCUMENT_ONLY = [
  'strict-transport-security',
  'x-frame-options',
  'content-security-policy',
  'referrer-policy',
  'cross-origin-opener-policy',
];

let app: FastifyInstance;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'facet-assets-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets', 'entry.client-AbC123.js'), 'export {};');
  writeFileSync(path.join(root, 'assets', 'site-AbC123.css'), 'body{}');
  writeFileSync(path.join(root, 'assets', 'drawing-AbC123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  await app.register(securityPlugin);
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.get('/api/ping', async () => ({ ok: true }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('headers on a built asset', () => {
  it('a script and a style sheet keep type, nosniff, resource policy and the year’s cache, and nothing a document reads', async () => {
    for (const url of ['/assets/entry.client-AbC123.js', '/assets/site-AbC123.css']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['cache-control'], url).toMatch(/immutable/);
      expect(res.headers['content-type'], url).toMatch(/javascript|css/);
      for (const h of [...DOCUMENT_ONLY, 'etag', 'last-modified'])
        expect(res.headers[h], `${url} ${h}`).toBeUndefined();
    }
  });

  it('an SVG under the same folder and an API answer keep every document header', async () => {
    for (const url of ['/assets/drawing-AbC123.svg', '/api/ping']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      for (const h of DOCUMENT_ONLY) expect(res.headers[h], `${url} ${h}`).toBeDefined();
    }
  });

  it('names only hashed files directly in the assets folder', () => {
    expect(isHashedSubresource('/assets/shared-DivniEj6.js')).toBe(true);
    expect(isHashedSubresource('/assets/inter-latin-400-700-ChOA5YJq.woff2')).toBe(true);
    expect(isHashedSubresource('/assets/x.svg')).toBe(false);
    expect(isHashedSubresource('/product/assets/x.js')).toBe(false);
    expect(isHashedSubresource('/assets/../api/x.js')).toBe(false);
    expect(isHashedSubresource('/api/assets/x.js')).toBe(false);
  });
});
