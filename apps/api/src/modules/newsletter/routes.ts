import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer, newsletterBody, newsletterConfirmBody } from '@facet/contracts/account';
import { envelope } from '@facet/contracts/envelope';
import { confirm, subscribe } from './service.ts';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    config: app.config,
    settings: app.storeSettings,
    outbox: app.outbox,
    throttle: app.throttle,
  };
  const limit = { rateLimit: { max: app.config.RATE_LIMIT_FORM_MAX, timeWindow: '1 hour' } };
  app.post(
    '/newsletter',
    { config: limit, schema: { body: newsletterBody, response: { 200: envelope(messageAnswer) } } },
    async (req) => ({ data: await subscribe(deps, req.body.email) }),
  );
  app.post(
    '/newsletter/confirm',
    { config: limit, schema: { body: newsletterConfirmBody, response: { 200: envelope(messageAnswer) } } },
    async (req) => ({ data: await confirm(deps, req.body.token) }),
  );
};
