import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORDER_NUMBER_RE, orderSchema, orderSummary, placeOrderBody } from '@facet/contracts/commerce';
import { envelope } from '@facet/contracts/envelope';
import { Validation } from '../../errors.ts';
import { optionalUserId, ownerOf, requireAuth } from '../../plugins/auth.ts';
import * as orders from './service.ts';
import { ratesFrom } from '../carrier/index.ts';
import { afterStockChange } from '../../cache/index.ts';
import { balanceAnswer, payBalanceBody } from '@facet/contracts/quotes';
import { balanceForCustomer, payBalance } from './part-payments.ts';
import { customerChangeBody, orderChangePreview } from '@facet/contracts/order-changes';
import { changeOrder, previewChange } from './changes.ts';

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: orders.OrderDeps = {
    db: app.db,
    config: app.config,
    settings: app.storeSettings,
    outbox: app.outbox,
    payments: app.payments,
    tax: app.tax,
    rates: ratesFrom(app),
    onStonesSold: afterStockChange(app, 'sale'),
  };
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    '/order',
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_ORDER_MAX, timeWindow: '1 minute' } },
      schema: { body: placeOrderBody, response: { 200: envelope(orderSchema) } },
    },
    async (req) => {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !KEY.test(key))
        throw new Validation('The Idempotency-Key header is required (8–100 letters, digits, dashes or underscores).');
      return { data: await orders.placeOrder(deps, await ownerOf(req), key, req.body) };
    },
  );

  app.get(
    '/order',
    { preHandler: requireAuth('session'), schema: { response: { 200: envelope(z.array(orderSummary)) } } },
    async (req) => ({ data: await orders.listOrders(app.db, req.auth!.userId) }),
  );

  app.get(
    '/order/:number',
    {
      schema: {
        params: z.object({ number: z.string().regex(ORDER_NUMBER_RE, 'Not an order number') }),
        querystring: z.object({ token: z.string().max(100).optional() }).strict(),
        response: { 200: envelope(orderSchema) },
      },
    },
    async (req) => {
      const header = req.headers['x-order-token'];
      const token = typeof header === 'string' ? header : (req.query.token ?? null);
      return {
        data: await orders.getOrder(
          app.db,
          app.storeSettings.current(),
          req.params.number,
          {
            userId: await optionalUserId(req),
            token,
          },
          app.config.STORE_TIMEZONE,
        ),
      };
    },
  );

  // An order paid in parts: what is left to pay, and paying it (signed in, or with the balance e-mail's link).
  const numberParams = z.object({ number: z.string().regex(ORDER_NUMBER_RE, 'Not an order number') });
  app.get(
    '/order/:number/balance',
    {
      schema: {
        params: numberParams,
        querystring: z.object({ token: z.string().max(100).optional() }).strict(),
        response: { 200: envelope(balanceAnswer) },
      },
    },
    async (req) => ({
      data: await balanceForCustomer(
        app.db,
        req.params.number,
        {
          userId: await optionalUserId(req),
          token: req.query.token ?? null,
        },
        app.config.STORE_TIMEZONE,
      ),
    }),
  );
  app.post(
    '/order/:number/balance',
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_ORDER_MAX, timeWindow: '1 minute' } },
      schema: { params: numberParams, body: payBalanceBody, response: { 200: envelope(balanceAnswer) } },
    },
    async (req) => ({
      data: await payBalance(
        deps,
        req.params.number,
        { userId: await optionalUserId(req), token: req.body.token ?? null },
        req.body.card,
      ),
    }),
  );

  // The customer changes a ring's size or metal while the order is still placed.
  app.post(
    '/order/:number/changes',
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_ORDER_MAX, timeWindow: '1 minute' } },
      schema: { params: numberParams, body: customerChangeBody, response: { 200: envelope(orderChangePreview) } },
    },
    async (req) => {
      const who = { userId: await optionalUserId(req), token: req.body.token ?? null };
      const changeDeps = { ...deps, onStonesReleased: () => deps.onStonesSold() };
      return {
        data: req.body.preview
          ? await previewChange(changeDeps, req.params.number, req.body.change, who)
          : await changeOrder(changeDeps, req.params.number, req.body.change, { customer: who }),
      };
    },
  );
};
