import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { drawItem, type Tone } from './draw.ts';
import { METAL_QUALITIES } from '@facet/contracts/metals';
import { metalTone } from '../catalog/index.ts';

const token = z
  .string()
  .regex(/^[a-z0-9-]{1,24}$/i)
  .optional();
const itemQuery = z
  .object({
    k: z.enum(['ring', 'band', 'chain', 'cord', 'earring', 'pendant', 'bracelet', 'necklace', 'finding', 'stone']),
    s: token,
    m: z.enum(METAL_QUALITIES).optional(),
    sh: token,
    st: token,
    t: z.string().max(120).optional(),
    v: z.string().max(8).optional(),
  })
  .strict();

// Images are pure functions of their URL, so they cache for a year and never change.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const cache = new Map<string, string>();

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/item.svg',
    { schema: { querystring: itemQuery, hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      const q = request.query;
      const key = request.url;
      let svg = cache.get(key);
      if (!svg) {
        const tone: Tone = q.m ? (metalTone(q.m) as Tone) : 'white';
        svg = drawItem({ kind: q.k, style: q.s, tone, shape: q.sh, stone: q.st, title: q.t ?? 'Facet product image' });
        if (cache.size < 20_000) cache.set(key, svg);
      }
      reply
        .header('cache-control', IMMUTABLE)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
        .type('image/svg+xml');
      return svg;
    },
  );
};
