import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { actorOf } from '../staff/index.ts';
import { customerRecord, customerRecordOut } from '@facet/contracts/customer-record';
import { envelope } from '@facet/contracts/envelope';
import { requireAuth } from '../../plugins/auth.ts';
import { Readable } from 'node:stream';
import { addCustomerNote, customer, listCustomers, recordOf, saveRecord } from './service.ts';
import { deleteSegment, listSegments, previewSegment, saveSegment, segmentCsv, segmentName } from './segments.ts';

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
    ...adminRoute('PUT /customers/:id/record'),
    handler: async (req) => ({
      data: await saveRecord(app.db, req.params.id, req.body, actorOf(req.staff!.staff)),
    }),
  });
  const tz = app.config.STORE_TIMEZONE;
  app.route({
    ...adminRoute('GET /segments'),
    handler: async () => ({ data: await listSegments(app.db, tz) }),
  });
  app.route({
    ...adminRoute('POST /segments/preview'),
    handler: async (req) => ({ data: await previewSegment(app.db, tz, req.body.filter) }),
  });
  app.route({
    ...adminRoute('POST /segments'),
    handler: async (req) => ({ data: await saveSegment(app.db, tz, actorOf(req.staff!.staff), null, req.body) }),
  });
  app.route({
    ...adminRoute('PUT /segments/:id'),
    handler: async (req) => ({
      data: await saveSegment(app.db, tz, actorOf(req.staff!.staff), req.params.id, req.body),
    }),
  });
  app.route({
    ...adminRoute('DELETE /segments/:id'),
    handler: async (req) => ({ data: await deleteSegment(app.db, actorOf(req.staff!.staff), req.params.id) }),
  });
  app.route({
    ...adminRoute('GET /segments/:id/customers.csv'),
    handler: async (req, reply) => {
      // Known before the first row goes out: a missing segment is a 404, not a cut-off file.
      const name = await segmentName(app.db, req.params.id);
      const slug =
        name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'segment';
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="facet-${slug}-${new Date().toISOString().slice(0, 10)}.csv"`,
        );
      return reply.send(Readable.from(segmentCsv(app.db, tz, req.params.id)) as unknown as string);
    },
  });
  app.route({
    ...adminRoute('POST /customers/:id/notes'),
    handler: async (req) => ({
      data: await addCustomerNote(app.db, actorOf(req.staff!.staff), req.params.id, req.body.note),
    }),
  });
};

/** The customer's own record, from their account. */
export const customerRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const session = requireAuth('session');
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const answer = { 200: envelope(customerRecordOut) };
  app.get('/user/record', { preHandler: session, schema: { response: answer } }, async (req) => ({
    data: await recordOf(app.db, req.auth!.userId),
  }));
  app.put('/user/record', { preHandler: session, schema: { body: customerRecord, response: answer } }, async (req) => ({
    data: await saveRecord(app.db, req.auth!.userId, req.body),
  }));
};
