import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { actorOf } from '../staff/index.ts';
import { changeStone, findStones } from './service.ts';

export const inventoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminRoute('GET /stones'),
    handler: async (req) => ({ data: await findStones(app.db, req.query.q || undefined) }),
  });
  app.route({
    ...adminRoute('POST /stones/:kind/:id'),
    handler: async (req) => {
      const b = req.body;
      const stone = await changeStone(
        app.db,
        actorOf(req.staff!.staff),
        req.params.kind,
        req.params.id,
        b.action === 'hold' ? { ...b, until: new Date(b.until) } : b,
      );
      return { data: stone };
    },
  });
};
