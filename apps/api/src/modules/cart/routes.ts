import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addItemBody,
  cartQuery,
  cartSchema,
  discountCodeBody,
  removeCodeQuery,
  updateItemBody,
} from '@facet/contracts/commerce';
import { envelope } from '@facet/contracts/envelope';
import { ownerOf } from '../../plugins/auth.ts';
import { clientKey } from '../../plugins/security.ts';
import * as carts from './service.ts';
import { ratesFrom } from '../carrier/index.ts';

const lineParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const reply = { 200: envelope(cartSchema) };
  const store = () => ({
    settings: app.storeSettings.current(),
    timezone: app.config.STORE_TIMEZONE,
    tax: app.tax,
    rates: ratesFrom(app),
  });

  app.get('/cart', { schema: { querystring: cartQuery, response: reply } }, async (req) => ({
    data: await carts.getCart(app.db, store(), await ownerOf(req), req.query),
  }));

  app.post('/cart/items', { schema: { body: addItemBody, response: reply } }, async (req) => ({
    data: await carts.addItem(app.db, store(), await ownerOf(req), req.body),
  }));

  app.patch(
    '/cart/items/:id',
    { schema: { params: lineParams, body: updateItemBody, response: reply } },
    async (req) => ({
      data: await carts.updateItem(app.db, store(), await ownerOf(req), req.params.id, req.body.quantity),
    }),
  );

  app.put('/cart/discount', { schema: { body: discountCodeBody, response: reply } }, async (req) => ({
    data: await carts.applyDiscount(app.db, store(), await ownerOf(req), req.body.code, {
      throttle: app.throttle,
      client: clientKey(req),
    }),
  }));
  app.delete('/cart/discount', { schema: { querystring: removeCodeQuery, response: reply } }, async (req) => ({
    data: await carts.removeDiscount(app.db, store(), await ownerOf(req), req.query.code),
  }));

  app.delete('/cart/items/:id', { schema: { params: lineParams, response: reply } }, async (req) => ({
    data: await carts.removeItem(app.db, store(), await ownerOf(req), req.params.id),
  }));
};
