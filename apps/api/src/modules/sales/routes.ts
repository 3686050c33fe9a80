import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { actorOf } from '../staff/index.ts';
import { createSale, listSales, updateSale } from './service.ts';

export const saleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({ ...adminRoute('GET /sales'), handler: async () => ({ data: await listSales(app.db) }) });
  app.route({
    ...adminRoute('POST /sales'),
    handler: async (req, reply) =>
      reply.status(201).send({ data: await createSale(app.db, actorOf(req.staff!.staff), req.body) }),
  });
  app.route({
    ...adminRoute('PUT /sales/:id'),
    handler: async (req) => ({
      data: await updateSale(app.db, actorOf(req.staff!.staff), req.params.id, req.body.version, req.body.sale),
    }),
  });
};
