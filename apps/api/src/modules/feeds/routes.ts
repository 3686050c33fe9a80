import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markupRulesBody } from '@facet/contracts/admin-feeds';
import { actorOf } from '../staff/index.ts';
import { markupRules, previewMarkup, saveMarkup } from './markup-service.ts';

export const feedAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'prices:write' } as const;
  app.get('/markup-rules', { config: access }, async () => ({ data: await markupRules(app.db) }));
  app.post('/markup-rules/preview', { config: access, schema: { body: markupRulesBody } }, async (req) => ({
    data: await previewMarkup(app.db, req.body.rules),
  }));
  app.put('/markup-rules', { config: access, schema: { body: markupRulesBody } }, async (req) => {
    const saved = await saveMarkup(app.db, actorOf(req.staff!.staff), req.body.rules);
    return { data: saved };
  });
};
