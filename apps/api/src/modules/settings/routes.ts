import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { actorOf } from '../staff/index.ts';
import { readSettings, saveSettings } from './service.ts';

export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminRoute('GET /settings'),
    handler: async () => ({ data: await readSettings(app.db, app.config) }),
  });
  app.route({
    ...adminRoute('PUT /settings'),
    handler: async (req) => {
      const saved = await saveSettings(app.db, app.config, actorOf(req.staff!.staff), req.body);
      // The writer's next page shows the change at once; the others hear the row's notification.
      app.storeSettings.use(saved);
      return { data: saved };
    },
  });
};
