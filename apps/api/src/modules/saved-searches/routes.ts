import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@facet/contracts/account';
import { envelope } from '@facet/contracts/envelope';
import {
  confirmSearchBody,
  saveSearchBody,
  savedSearchSchema,
  searchIdParam,
  unsubscribeBody,
  updateSearchBody,
} from '@facet/contracts/saved-search';
import { Validation } from '../../errors.ts';
import { optionalUserId, requireAuth } from '../../plugins/auth.ts';
import { emailOf } from '../account/index.ts';
import * as searches from './service.ts';

const saveAnswer = z.object({ message: z.string(), search: savedSearchSchema.nullable() });

export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    config: app.config,
    settings: app.storeSettings,
    outbox: app.outbox,
    throttle: app.throttle,
  };
  // A guest's save sends a mail: the same ceiling as the other forms that do.
  const limit = { rateLimit: { max: app.config.RATE_LIMIT_FORM_MAX, timeWindow: '1 hour' } };
  const session = requireAuth('session');
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    '/saved-searches',
    { config: limit, schema: { body: saveSearchBody, response: { 200: envelope(saveAnswer) } } },
    async (req) => {
      const userId = await optionalUserId(req);
      const email = userId ? await emailOf(app.db, userId) : req.body.email;
      if (!email)
        throw new Validation('Enter your e-mail address to get alerts.', { email: 'Please enter your email' });
      return { data: await searches.saveSearch(deps, userId ? { userId, email } : { email }, req.body.query) };
    },
  );

  app.get(
    '/saved-searches',
    { preHandler: session, schema: { response: { 200: envelope(z.array(savedSearchSchema)) } } },
    async (req) => ({ data: await searches.listSearches(app.db, req.auth!.userId) }),
  );

  app.patch(
    '/saved-searches/:id',
    {
      preHandler: session,
      schema: { params: searchIdParam, body: updateSearchBody, response: { 200: envelope(savedSearchSchema) } },
    },
    async (req) => ({ data: await searches.updateSearch(app.db, req.auth!.userId, req.params.id, req.body) }),
  );

  app.delete(
    '/saved-searches/:id',
    { preHandler: session, schema: { params: searchIdParam, response: { 200: envelope(z.array(savedSearchSchema)) } } },
    async (req) => ({ data: await searches.deleteSearch(app.db, req.auth!.userId, req.params.id) }),
  );

  app.post(
    '/saved-searches/confirm',
    { config: limit, schema: { body: confirmSearchBody, response: { 200: envelope(messageAnswer) } } },
    async (req) => ({ data: await searches.confirmSearch(app.db, req.body.token) }),
  );

  app.post(
    '/saved-searches/unsubscribe',
    { config: limit, schema: { body: unsubscribeBody, response: { 200: envelope(messageAnswer) } } },
    async (req) => ({ data: await searches.unsubscribe(app.db, req.body.id, req.body.sig) }),
  );
};
