import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@facet/contracts/envelope';
import {
  configureBody,
  configuredProduct,
  configuredStone,
  familySchema,
  searchStonesBody,
  stoneFamiliesBody,
} from '@facet/contracts/configurator';
import * as configurator from './service.ts';

export const configuratorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/stuller/stone-families',
    {
      schema: {
        body: stoneFamiliesBody,
        response: { 200: envelope(z.object({ StoneFamilies: z.record(z.string(), z.array(familySchema)) })) },
      },
    },
    async (req) => ({
      data: { StoneFamilies: await configurator.stoneFamilies(app.db, req.body.groupId, req.body.locations) },
    }),
  );

  app.post(
    '/stuller/search-stones',
    {
      schema: {
        body: searchStonesBody,
        response: { 200: envelope(z.object({ ConfiguredStones: z.record(z.string(), z.array(configuredStone)) })) },
      },
    },
    async (req) => ({ data: { ConfiguredStones: await configurator.searchStones(app.db, req.body) } }),
  );

  app.post(
    '/stuller/configure-product',
    { schema: { body: configureBody, response: { 200: envelope(configuredProduct) } } },
    async (req) => ({ data: await configurator.configureProduct(app.db, req.body, undefined, { withLeast: true }) }),
  );
};
