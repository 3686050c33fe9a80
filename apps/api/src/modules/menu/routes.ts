import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { menuSchema } from '@facet/contracts/menu';
import { envelope } from '@facet/contracts/envelope';
import { getMenu } from './service.ts';
import { cachedPublic } from '../../cache/index.ts';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/menu', { schema: { response: { 200: envelope(menuSchema) } } }, async (request, reply) =>
    cachedPublic(request, reply, () => getMenu(app.db), []),
  );
};
