import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markupPreview,
  markupRules as markupRulesAnswer,
  markupRulesBody,
  markupSaved,
} from '@facet/contracts/admin-feeds';
import { envelope } from '@facet/contracts/envelope';
import { actorOf } from '../staff/index.ts';
import { markupRules, previewMarkup, saveMarkup } from './markup-service.ts';

export const feedAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'prices:write' } as const;
  app.get(
    '/markup-rules',
    { config: access, schema: { response: { 200: envelope(markupRulesAnswer) } } },
    async () => ({ data: await markupRules(app.db) }),
  );
  app.post(
    '/markup-rules/preview',
    { config: access, schema: { body: markupRulesBody, response: { 200: envelope(markupPreview) } } },
    async (req) => ({
      data: await previewMarkup(app.db, req.body.rules),
    }),
  );
  app.put(
    '/markup-rules',
    { config: access, schema: { body: markupRulesBody, response: { 200: envelope(markupSaved) } } },
    async (req) => {
      const saved = await saveMarkup(app.db, actorOf(req.staff!.staff), req.body.rules);
      return { data: saved };
    },
  );
};
