import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDashboard,
  adminOrder,
  adminOrderList,
  adminOrderQuery,
  orderNoteBody,
  orderNumberParams,
  orderRefundBody,
  orderStatusBody,
} from '@facet/contracts/admin';
import { csvFile, envelope } from '@facet/contracts/envelope';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { actorOf } from '../staff/index.ts';
import { afterStockChange } from '../../catalogue-changes.ts';
import * as office from './back-office.ts';

const cancelBody = z
  .object({ version: z.number().int().min(1), reason: z.string().trim().min(3, 'Say why').max(500) })
  .strict();

/** Staff routes for orders (inside /api/admin: each declares the permission it needs). */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: office.BackOfficeDeps = {
    db: app.db,
    config: app.config,
    outbox: app.outbox,
    payments: app.payments,
    onStonesReleased: afterStockChange(app, 'cancellation'),
  };
  const one = { params: orderNumberParams, response: { 200: envelope(adminOrder) } };

  app.get(
    '/dashboard',
    { config: { access: 'dashboard:read' }, schema: { response: { 200: envelope(adminDashboard) } } },
    async () => ({ data: await office.dashboard(app.db) }),
  );

  app.get(
    '/orders',
    {
      config: { access: 'orders:read' },
      schema: { querystring: adminOrderQuery, response: { 200: envelope(adminOrderList) } },
    },
    async (req) => ({ data: await office.listOrdersForStaff(app.db, req.query) }),
  );
  app.get(
    '/orders.csv',
    {
      config: { access: 'orders:read' },
      schema: { querystring: adminOrderQuery.omit({ page: true, pageSize: true }), response: { 200: csvFile } },
    },
    async (req, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="facet-orders-${day}.csv"`);
      // Streamed row by row; the declared string is the file the client receives.
      return reply.send(Readable.from(office.ordersCsv(app.db, req.query)) as unknown as string);
    },
  );
  app.get('/orders/:number', { config: { access: 'orders:read' }, schema: one }, async (req) => ({
    data: await office.orderForStaff(app.db, app.config, req.params.number),
  }));
  app.post(
    '/orders/:number/status',
    { config: { access: 'orders:fulfil' }, schema: { ...one, body: orderStatusBody } },
    async (req) => ({ data: await office.advanceOrder(deps, actorOf(req.staff!.staff), req.params.number, req.body) }),
  );
  app.post(
    '/orders/:number/cancel',
    { config: { access: 'orders:cancel' }, schema: { ...one, body: cancelBody } },
    async (req) => ({ data: await office.cancelOrder(deps, actorOf(req.staff!.staff), req.params.number, req.body) }),
  );
  app.post(
    '/orders/:number/notes',
    { config: { access: 'orders:note' }, schema: { ...one, body: orderNoteBody } },
    async (req) => ({ data: await office.addNote(deps, actorOf(req.staff!.staff), req.params.number, req.body) }),
  );
  app.post('/orders/:number/resend-confirmation', { config: { access: 'orders:mail' }, schema: one }, async (req) => ({
    data: await office.resendConfirmation(deps, actorOf(req.staff!.staff), req.params.number),
  }));
  app.post(
    '/orders/:number/refunds',
    { config: { access: 'orders:refund' }, schema: { ...one, body: orderRefundBody } },
    async (req) => ({ data: await office.refundOrder(deps, actorOf(req.staff!.staff), req.params.number, req.body) }),
  );
};
