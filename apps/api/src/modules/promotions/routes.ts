import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { actorOf } from '../staff/index.ts';
import { batchCsv, createBatch, createDiscount, listDiscounts, updateDiscount } from './service.ts';

export const promotionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({ ...adminRoute('GET /discounts'), handler: async () => ({ data: await listDiscounts(app.db) }) });
  app.route({
    ...adminRoute('POST /discounts'),
    handler: async (req, reply) =>
      reply.status(201).send({ data: await createDiscount(app.db, actorOf(req.staff!.staff), req.body) }),
  });
  app.route({
    ...adminRoute('POST /discounts/batch'),
    handler: async (req, reply) =>
      reply
        .status(201)
        .send({ data: await createBatch(app.db, actorOf(req.staff!.staff), req.body.count, req.body.discount) }),
  });
  app.route({
    ...adminRoute('GET /discounts/batches/:batch/codes.csv'),
    handler: async (req, reply) => {
      const { fileName, csv } = await batchCsv(app.db, req.params.batch);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  });
  app.route({
    ...adminRoute('PUT /discounts/:id'),
    handler: async (req) => ({
      data: await updateDiscount(app.db, actorOf(req.staff!.staff), req.params.id, req.body.version, req.body.discount),
    }),
  });
};
