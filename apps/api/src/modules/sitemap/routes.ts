import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SITEMAP_PAGE_MAX, SITEMAP_URLS_MAX } from '@facet/contracts/sitemap';
import { sitemapEntries, sitemapIndex } from './service.ts';

const entriesQuery = z
  .object({
    kind: z.enum(['products', 'diamonds']),
    file: z.coerce.number().int().min(1).max(10_000),
    offset: z.coerce.number().int().min(0).max(SITEMAP_URLS_MAX),
    limit: z.coerce.number().int().min(1).max(SITEMAP_PAGE_MAX),
  })
  .strict();

// Not cached: a stone sold or withdrawn leaves the sitemap with the next request.
export const sitemapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sitemap', async () => ({ data: await sitemapIndex(app.db) }));
  app.get('/sitemap/entries', { schema: { querystring: entriesQuery } }, async (req) => ({
    data: await sitemapEntries(app.db, req.query.kind, req.query.file, req.query.offset, req.query.limit),
  }));
};
