import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@facet/contracts/account';
import { envelope } from '@facet/contracts/envelope';
import { unsubscribe } from './unsubscribe.ts';

const tokenParam = z.object({ token: z.string().min(10).max(400) });

export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // A mail program's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form:
  // accepted here, whatever it says (the signed address is the whole request).
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string' },
    (_r, _b, done) => done(null, {}),
  );
  app.post(
    '/unsubscribe/:token',
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_FORM_MAX, timeWindow: '1 hour' } },
      schema: { params: tokenParam, response: { 200: envelope(messageAnswer) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { message } = await unsubscribe(
        app.db,
        req.params.token,
        req.headers['content-type']?.includes('json') ? 'link' : 'one-click',
      );
      return { data: { message } };
    },
  );
};
