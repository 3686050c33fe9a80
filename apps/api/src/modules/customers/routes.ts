import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { actorOf } from '../staff/index.ts';
import { addCustomerNote, customer, listCustomers } from './service.ts';

export const customerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminRoute('GET /customers'),
    handler: async (req) => ({ data: await listCustomers(app.db, req.query) }),
  });
  app.route({
    ...adminRoute('GET /customers/:id'),
    handler: async (req) => ({ data: await customer(app.db, req.params.id) }),
  });
  app.route({
    ...adminRoute('POST /customers/:id/notes'),
    handler: async (req) => ({
      data: await addCustomerNote(app.db, actorOf(req.staff!.staff), req.params.id, req.body.note),
    }),
  });
};
