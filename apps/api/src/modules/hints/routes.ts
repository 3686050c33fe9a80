import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@facet/contracts/account';
import { envelope } from '@facet/contracts/envelope';
import { hintBody } from '@facet/contracts/wishlist';
import { dropHint } from './service.ts';

export const hintRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    config: app.config,
    settings: app.storeSettings,
    outbox: app.outbox,
    throttle: app.throttle,
  };
  app.post(
    '/hints',
    {
      config: { rateLimit: { max: app.config.HINT_RATE_MAX, timeWindow: '1 hour' } },
      schema: { body: hintBody, response: { 200: envelope(messageAnswer) } },
    },
    async (req) => ({ data: await dropHint(deps, req.body) }),
  );
};
