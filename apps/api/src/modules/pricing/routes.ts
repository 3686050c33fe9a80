import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { actorOf } from '../staff/index.ts';
import { markupRules, previewMarkup, saveMarkup } from './markup-service.ts';
import { metalRates, previewRate, setRate } from './service.ts';

export const pricingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({ ...adminRoute('GET /metal-rates'), handler: async () => ({ data: await metalRates(app.db) }) });
  app.route({
    ...adminRoute('POST /metal-rates/:quality/preview'),
    handler: async (req) => ({
      data: await previewRate(
        app.db,
        req.params.quality,
        req.body.centsPerGram,
        app.storeSettings.current().priceRounding,
      ),
    }),
  });
  app.route({
    ...adminRoute('PUT /metal-rates/:quality'),
    handler: async (req) => ({
      data: await setRate(
        app.db,
        actorOf(req.staff!.staff),
        req.params.quality,
        req.body.centsPerGram,
        app.storeSettings.current().priceRounding,
      ),
    }),
  });
  // Markup rules: saving them reprices every supplier stone and product they price.
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
