import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { storeInfo } from '../../store-facts.ts';
import { actorOf } from '../staff/index.ts';
import { previewWords, saveWords, wordsForStaff } from './service.ts';

export const mailWordsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({ ...adminRoute('GET /mail-words'), handler: async () => ({ data: await wordsForStaff(app.db) }) });
  app.route({
    ...adminRoute('PUT /mail-words/:kind'),
    handler: async (req) => {
      const { version, subject, body } = req.body;
      const saved = await saveWords(app.db, actorOf(req.staff!.staff), req.params.kind, version, { subject, body });
      // This instance sends with them at once; the others read them on the row's NOTIFY.
      app.storeSettings.useWords(saved.words);
      return { data: saved.list };
    },
  });
  app.route({
    ...adminRoute('DELETE /mail-words/:kind'),
    handler: async (req) => {
      const saved = await saveWords(app.db, actorOf(req.staff!.staff), req.params.kind, req.query.version, null);
      app.storeSettings.useWords(saved.words);
      return { data: saved.list };
    },
  });
  app.route({
    ...adminRoute('POST /mail-words/:kind/preview'),
    handler: async (req) => ({
      data: await previewWords(app.db, storeInfo(app.storeSettings.current(), app.config), req.params.kind, req.body),
    }),
  });
};
