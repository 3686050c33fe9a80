import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCustomer, adminCustomerList, customerNoteBody } from '@facet/contracts/admin';
import { envelope } from '@facet/contracts/envelope';
import { actorOf } from '../staff/index.ts';
import { addCustomerNote, customer, listCustomers } from './service.ts';

const listQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

export const customerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      config: { access: 'customers:read' },
      schema: { querystring: listQuery, response: { 200: envelope(adminCustomerList) } },
    },
    async (req) => ({
      data: await listCustomers(app.db, req.query),
    }),
  );
  app.get(
    '/customers/:id',
    { config: { access: 'customers:read' }, schema: { params: idParams, response: { 200: envelope(adminCustomer) } } },
    async (req) => ({
      data: await customer(app.db, req.params.id),
    }),
  );
  app.post(
    '/customers/:id/notes',
    {
      config: { access: 'customers:note' },
      schema: { params: idParams, body: customerNoteBody, response: { 200: envelope(adminCustomer) } },
    },
    async (req) => ({
      data: await addCustomerNote(app.db, actorOf(req.staff!.staff), req.params.id, req.body.note),
    }),
  );
};
