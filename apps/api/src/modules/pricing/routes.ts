import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { actorOf } from '../staff/index.ts';
import { metalRates, previewRate, setRate } from './service.ts';

export const pricingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({ ...adminRoute('GET /metal-rates'), handler: async () => ({ data: await metalRates(app.db) }) });
  app.route({
    ...adminRoute('POST /metal-rates/:quality/preview'),
    handler: async (req) => ({ data: await previewRate(app.db, req.params.quality, req.body.centsPerGram) }),
  });
  app.route({
    ...adminRoute('PUT /metal-rates/:quality'),
    handler: async (req) => ({
      data: await setRate(app.db, actorOf(req.staff!.staff), req.params.quality, req.body.centsPerGram),
    }),
  });
};
