import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { Readable } from 'node:stream';
import { actorOf } from '../staff/index.ts';
import { afterStockChange } from '../../cache/index.ts';
import * as office from './back-office.ts';
import { changeOrder, previewChange } from './changes.ts';
import { layawayPlansForStaff } from './layaway.ts';
import { confirmSupplierStone, voidSupplierOrder } from './supplier-stones.ts';

/** Staff routes for orders (inside /api/admin: each declares the permission it needs). */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: office.BackOfficeDeps = {
    db: app.db,
    config: app.config,
    settings: app.storeSettings,
    outbox: app.outbox,
    payments: app.payments,
    onStonesReleased: afterStockChange(app, 'cancellation'),
  };
  // A ring's size or metal changed before it is made (in production: with a note).
  app.route({
    ...adminRoute('POST /orders/:number/changes'),
    handler: async (req) => {
      const changeDeps = { ...deps, tax: app.tax };
      const { change, preview, version, note } = req.body;
      return {
        data: preview
          ? await previewChange(changeDeps, req.params.number, change, 'staff')
          : await changeOrder(changeDeps, req.params.number, change, {
              staff: actorOf(req.staff!.staff),
              version,
              note,
            }),
      };
    },
  });
  const supplierDeps = { ...deps };
  app.route({
    ...adminRoute('GET /layaway'),
    handler: async () => ({ data: { plans: await layawayPlansForStaff(app.db, app.config.STORE_TIMEZONE) } }),
  });
  app.route({
    ...adminRoute('POST /orders/:number/stones/:stone/confirm'),
    handler: async (req) => ({
      data: await confirmSupplierStone(supplierDeps, actorOf(req.staff!.staff), req.params.number, req.params.stone),
    }),
  });
  app.route({
    ...adminRoute('POST /orders/:number/stones/:stone/unavailable'),
    handler: async (req) => {
      const r = await voidSupplierOrder(supplierDeps, actorOf(req.staff!.staff), req.params.number, req.params.stone);
      return {
        data: { alternatives: r.alternatives.map((a) => ({ id: a.id, serial: a.serial, priceCents: a.priceCents })) },
      };
    },
  });
  app.route({ ...adminRoute('GET /dashboard'), handler: async () => ({ data: await office.dashboard(app.db) }) });
  app.route({
    ...adminRoute('GET /orders'),
    handler: async (req) => ({ data: await office.listOrdersForStaff(app.db, req.query) }),
  });
  app.route({
    ...adminRoute('GET /orders.csv'),
    handler: async (req, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="facet-orders-${day}.csv"`);
      // Streamed row by row; the declared string is the file the client receives.
      return reply.send(Readable.from(office.ordersCsv(app.db, req.query)) as unknown as string);
    },
  });
  app.route({
    ...adminRoute('GET /orders/:number'),
    handler: async (req) => ({
      data: await office.orderForStaff(app.db, app.storeSettings.current(), req.params.number),
    }),
  });
  app.route({
    ...adminRoute('POST /orders/:number/status'),
    handler: async (req) => ({
      data: await office.advanceOrder(deps, actorOf(req.staff!.staff), req.params.number, req.body),
    }),
  });
  app.route({
    ...adminRoute('POST /orders/bulk-status'),
    handler: async (req) => ({ data: await office.advanceMany(deps, actorOf(req.staff!.staff), req.body) }),
  });
  app.route({
    ...adminRoute('POST /orders/:number/cancel'),
    handler: async (req) => ({
      data: await office.cancelOrder(
        deps,
        { ...actorOf(req.staff!.staff), role: req.staff!.staff.role },
        req.params.number,
        req.body,
      ),
    }),
  });
  app.route({
    ...adminRoute('POST /orders/:number/notes'),
    handler: async (req) => ({
      data: await office.addNote(deps, actorOf(req.staff!.staff), req.params.number, req.body),
    }),
  });
  app.route({
    ...adminRoute('POST /orders/:number/resend-confirmation'),
    handler: async (req) => ({
      data: await office.resendConfirmation(deps, actorOf(req.staff!.staff), req.params.number),
    }),
  });
  app.route({
    ...adminRoute('POST /orders/:number/refunds'),
    handler: async (req) => ({
      data: await office.refundOrder(deps, actorOf(req.staff!.staff), req.params.number, req.body),
    }),
  });
};
