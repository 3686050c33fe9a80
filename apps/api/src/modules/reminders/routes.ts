import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartContactBody, restoreCartBody } from '@facet/contracts/reminders';
import { envelope } from '@facet/contracts/envelope';
import { ownerOf } from '../../plugins/auth.ts';
import { adminRoute } from '../../plugins/admin-op.ts';
import { leftCartsForStaff, restoreCart, saveCheckoutContact } from './service.ts';

/** The shopper's side: the checkout's e-mail and tick, and a left cart's link opened. */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.put(
    '/cart/contact',
    { schema: { body: cartContactBody, response: { 200: envelope(z.object({ saved: z.boolean() })) } } },
    async (req) => {
      await saveCheckoutContact(app.db, await ownerOf(req), req.body.email, req.body.consent);
      return { data: { saved: true } };
    },
  );
  app.post(
    '/cart/restore',
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_FORM_MAX, timeWindow: '1 hour' } },
      schema: { body: restoreCartBody, response: { 200: envelope(z.object({ restored: z.boolean() })) } },
    },
    async (req) => ({ data: await restoreCart(app.db, req.body.token, await ownerOf(req)) }),
  );
};

/** Staff: the left carts and what their reminders brought back. */
export const reminderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminRoute('GET /left-carts'),
    handler: async () => ({ data: await leftCartsForStaff({ db: app.db, settings: app.storeSettings }) }),
  });
};
