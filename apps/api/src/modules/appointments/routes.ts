import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@facet/contracts/envelope';
import { bookAnswer, bookBody, slotsAnswer } from '@facet/contracts/appointments';
import { adminRoute } from '../../plugins/admin-op.ts';
import { optionalUserId } from '../../plugins/auth.ts';
import { actorOf } from '../staff/index.ts';
import * as appointments from './service.ts';

export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, settings: app.storeSettings, outbox: app.outbox };
  const limit = { rateLimit: { max: app.config.RATE_LIMIT_FORM_MAX, timeWindow: '1 hour' } };

  // Free times change with every booking: never cached.
  app.get('/appointments/slots', { schema: { response: { 200: envelope(slotsAnswer) } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      data: await appointments.openSlots(
        app.db,
        appointments.appointmentRules(app.storeSettings.current(), app.config),
      ),
    };
  });

  app.post(
    '/appointments',
    { config: limit, schema: { body: bookBody, response: { 200: envelope(bookAnswer) } } },
    async (req) => ({ data: await appointments.book(deps, await optionalUserId(req), req.body) }),
  );
};

export const appointmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, settings: app.storeSettings, outbox: app.outbox };
  app.route({
    ...adminRoute('GET /appointments'),
    handler: async (req) => ({ data: await appointments.listAppointments(app.db, app.config, req.query.show) }),
  });
  app.route({
    ...adminRoute('POST /appointments/:id/confirm'),
    handler: async (req) => ({
      data: await appointments.confirmAppointment(deps, actorOf(req.staff!.staff), req.params.id),
    }),
  });
  app.route({
    ...adminRoute('POST /appointments/:id/cancel'),
    handler: async (req) => ({
      data: await appointments.cancelAppointment(deps, actorOf(req.staff!.staff), req.params.id, req.body.reason),
    }),
  });
};
