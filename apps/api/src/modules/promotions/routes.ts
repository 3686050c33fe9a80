import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { actorOf } from '../staff/index.ts';
import { createDiscount, listDiscounts, updateDiscount } from './service.ts';

export const promotionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({ ...adminRoute('GET /discounts'), handler: async () => ({ data: await listDiscounts(app.db) }) });
  app.route({
    ...adminRoute('POST /discounts'),
    handler: async (req, reply) =>
      reply.status(201).send({ data: await createDiscount(app.db, actorOf(req.staff!.staff), req.body) }),
  });
  app.route({
    ...adminRoute('PUT /discounts/:id'),
    handler: async (req) => ({
      data: await updateDiscount(app.db, actorOf(req.staff!.staff), req.params.id, req.body.version, req.body.discount),
    }),
  });
};
