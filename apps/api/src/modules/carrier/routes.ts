import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressCheck, addressCheckBody } from '@facet/contracts/shipping';
import { envelope } from '@facet/contracts/envelope';
import { checkAddress } from './rates.ts';

/** The checkout's address check (public, rate-limited: each asks the carrier service). */
export const addressCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/checkout/address-check',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: addressCheckBody, response: { 200: envelope(addressCheck) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await checkAddress(app.shipping, req.body) };
    },
  );
};
