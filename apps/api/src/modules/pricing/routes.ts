import { z } from 'zod';
import { metalRatePreview, metalRateSaved, metalRates as metalRatesAnswer } from '@facet/contracts/admin-pricing';
import { envelope } from '@facet/contracts/envelope';
import { METAL_QUALITIES } from '@facet/contracts/metals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../staff/index.ts';
import { metalRates, previewRate, setRate } from './service.ts';

const cents = z.number().int().min(1, 'A price per gram is at least 1 cent').max(1_000_000, 'At most $10,000 a gram');
const quality = z.object({ quality: z.enum(METAL_QUALITIES) }).strict();

export const pricingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/metal-rates',
    { config: { access: 'prices:write' }, schema: { response: { 200: envelope(metalRatesAnswer) } } },
    async () => ({ data: await metalRates(app.db) }),
  );
  app.post(
    '/metal-rates/:quality/preview',
    {
      config: { access: 'prices:write' },
      schema: {
        params: quality,
        body: z.object({ centsPerGram: cents }).strict(),
        response: { 200: envelope(metalRatePreview) },
      },
    },
    async (req) => ({ data: await previewRate(app.db, req.params.quality, req.body.centsPerGram) }),
  );
  app.put(
    '/metal-rates/:quality',
    {
      config: { access: 'prices:write' },
      schema: {
        params: quality,
        body: z.object({ centsPerGram: cents }).strict(),
        response: { 200: envelope(metalRateSaved) },
      },
    },
    async (req) => {
      const r = await setRate(app.db, actorOf(req.staff!.staff), req.params.quality, req.body.centsPerGram);
      return { data: r };
    },
  );
};
