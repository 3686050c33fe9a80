import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPage } from '@facet/contracts/admin';
import { envelope } from '@facet/contracts/envelope';
import { auditEntries } from './service.ts';

const auditQuery = z
  .object({
    entity: z.string().max(40).optional(),
    staff: z.string().max(254).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    { config: { access: 'audit:read' }, schema: { querystring: auditQuery, response: { 200: envelope(auditPage) } } },
    async (req) => ({
      data: await auditEntries(app.db, req.query),
    }),
  );
};
