import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { actorOf } from '../staff/index.ts';
import { createEndpoint, deleteEndpoint, deliveries, listEndpoints, ping, replay, updateEndpoint } from './service.ts';

export const webhookAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, log: app.log };
  app.route({ ...adminRoute('GET /webhooks'), handler: async () => ({ data: await listEndpoints(app.db) }) });
  app.route({
    ...adminRoute('POST /webhooks'),
    handler: async (req, reply) =>
      reply.code(201).send({ data: await createEndpoint(deps, actorOf(req.staff!.staff), req.body) }),
  });
  app.route({
    ...adminRoute('PUT /webhooks/:id'),
    handler: async (req) => ({
      data: await updateEndpoint(deps, actorOf(req.staff!.staff), req.params.id, req.body),
    }),
  });
  app.route({
    ...adminRoute('DELETE /webhooks/:id'),
    handler: async (req) => ({
      data: { deleted: await deleteEndpoint(deps, actorOf(req.staff!.staff), req.params.id) },
    }),
  });
  app.route({
    ...adminRoute('POST /webhooks/:id/ping'),
    handler: async (req) => ({ data: await ping(deps, req.params.id) }),
  });
  app.route({
    ...adminRoute('GET /webhooks/deliveries'),
    handler: async (req) => ({ data: await deliveries(app.db, req.query) }),
  });
  app.route({
    ...adminRoute('POST /webhooks/deliveries/:id/replay'),
    handler: async (req) => ({ data: await replay(deps, actorOf(req.staff!.staff), req.params.id) }),
  });
};
