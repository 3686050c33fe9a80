import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactBody, messageAnswer } from '@facet/contracts/account';
import { envelope } from '@facet/contracts/envelope';
import { createContactMessage } from './service.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = { rateLimit: { max: app.config.RATE_LIMIT_FORM_MAX, timeWindow: '1 hour' } };
  app.post(
    '/contact-us',
    { config: limit, schema: { body: contactBody, response: { 200: envelope(messageAnswer) } } },
    async (req) => ({
      data: await createContactMessage(
        { db: app.db, config: app.config, settings: app.storeSettings, outbox: app.outbox, throttle: app.throttle },
        req.body,
      ),
    }),
  );
};
