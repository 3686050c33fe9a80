import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { actorOf } from '../staff/index.ts';
import { createCategory, listCategories, moveCategory, updateCategory } from './service.ts';

export const categoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminRoute('GET /categories'),
    handler: async () => ({ data: await listCategories(app.db) }),
  });
  app.route({
    ...adminRoute('POST /categories'),
    handler: async (req, reply) =>
      reply.status(201).send({ data: await createCategory(app.db, actorOf(req.staff!.staff), req.body) }),
  });
  app.route({
    ...adminRoute('PATCH /categories/:id'),
    handler: async (req) => ({
      data: await updateCategory(app.db, actorOf(req.staff!.staff), req.params.id, req.body),
    }),
  });
  app.route({
    ...adminRoute('POST /categories/:id/move'),
    handler: async (req) => ({
      data: await moveCategory(app.db, actorOf(req.staff!.staff), req.params.id, req.body.version, req.body.direction),
    }),
  });
};
