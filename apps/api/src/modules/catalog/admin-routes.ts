import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { getProduct } from './service.ts';

export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // A design as shoppers will see it, drafts included: the back office's preview.
  app.route({
    ...adminRoute('GET /products/:id/preview'),
    handler: async (req) => ({ data: await getProduct(app.db, req.params.id, undefined, { drafts: true }) }),
  });
};
