import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressBody, addressSchema } from '@facet/contracts/account';
import { envelope } from '@facet/contracts/envelope';
import { requireAuth } from '../../plugins/auth.ts';
import * as addresses from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireAuth('session'));
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get('/address', { schema: { response: { 200: envelope(z.array(addressSchema)) } } }, async (req) => ({
    data: await addresses.listAddresses(app.db, req.auth!.userId),
  }));

  app.post('/address', { schema: { body: addressBody, response: { 200: envelope(addressSchema) } } }, async (req) => ({
    data: await addresses.createAddress(app.db, req.auth!.userId, req.body),
  }));

  app.put(
    '/address/:id',
    { schema: { params: idParams, body: addressBody, response: { 200: envelope(addressSchema) } } },
    async (req) => ({ data: await addresses.updateAddress(app.db, req.auth!.userId, req.params.id, req.body) }),
  );

  app.delete(
    '/address/:id',
    { schema: { params: idParams, response: { 200: envelope(z.object({ id: z.number() })) } } },
    async (req) => {
      await addresses.deleteAddress(app.db, req.auth!.userId, req.params.id);
      return { data: { id: req.params.id } };
    },
  );
};
