import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { auditEntries } from './service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminRoute('GET /audit'),
    handler: async (req) => ({ data: await auditEntries(app.db, req.query) }),
  });
};
