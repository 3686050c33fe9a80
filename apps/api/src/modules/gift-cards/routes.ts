import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@facet/contracts/envelope';
import { giftBalance, giftBalanceBody } from '@facet/contracts/gift-cards';
import { NotFound } from '../../errors.ts';
import { adminRoute } from '../../plugins/admin-op.ts';
import { storeInfo } from '../../store-facts.ts';
import { actorOf } from '../staff/index.ts';
import { adjustGiftCard, balanceOf, disableGiftCard, giftCardDetail, issueGiftCard, listGiftCards } from './service.ts';
import { storeToday } from './today.ts';

export const giftCardRoutes: FastifyPluginAsyncZod = async (app) => {
  // Few checks an hour from one address: a code has ~79 bits, and guessing is made slow besides.
  const limit = { rateLimit: { max: app.config.RATE_LIMIT_FORM_MAX * 2, timeWindow: '1 hour' } };
  app.post(
    '/gift-cards/balance',
    { config: limit, schema: { body: giftBalanceBody, response: { 200: envelope(giftBalance) } } },
    async (req) => {
      const b = await balanceOf(app.db, req.body.code);
      if (!b) throw new NotFound('There is no gift card with that code. Check it against your e-mail.');
      return { data: b };
    },
  );
};

export const giftCardAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = () => storeInfo(app.storeSettings.current(), app.config);
  const today = () => storeToday(app.config.STORE_TIMEZONE);
  app.route({
    ...adminRoute('GET /gift-cards'),
    handler: async (req) => ({ data: await listGiftCards(app.db, req.query.q) }),
  });
  app.route({
    ...adminRoute('GET /gift-cards/:id'),
    handler: async (req) => ({ data: await giftCardDetail(app.db, req.params.id) }),
  });
  app.route({
    ...adminRoute('POST /gift-cards'),
    handler: async (req, reply) => {
      const card = await issueGiftCard(app.db, actorOf(req.staff!.staff), store(), today(), req.body);
      void app.outbox.kick();
      return reply.status(201).send({ data: card });
    },
  });
  app.route({
    ...adminRoute('POST /gift-cards/:id/adjust'),
    handler: async (req) => ({
      data: await adjustGiftCard(app.db, actorOf(req.staff!.staff), req.params.id, req.body),
    }),
  });
  app.route({
    ...adminRoute('POST /gift-cards/:id/disable'),
    handler: async (req) => ({
      data: await disableGiftCard(app.db, actorOf(req.staff!.staff), req.params.id, req.body),
    }),
  });
};
