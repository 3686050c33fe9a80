import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { actorOf } from '../staff/index.ts';
import { markupRules, previewMarkup, saveMarkup } from './markup-service.ts';

export const feedAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({ ...adminRoute('GET /markup-rules'), handler: async () => ({ data: await markupRules(app.db) }) });
  app.route({
    ...adminRoute('POST /markup-rules/preview'),
    handler: async (req) => ({ data: await previewMarkup(app.db, req.body.rules) }),
  });
  app.route({
    ...adminRoute('PUT /markup-rules'),
    handler: async (req) => ({ data: await saveMarkup(app.db, actorOf(req.staff!.staff), req.body.rules) }),
  });
};
