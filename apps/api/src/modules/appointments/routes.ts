import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@facet/contracts/envelope';
import {
  adminAppointmentsQuery,
  appointmentSchema,
  bookAnswer,
  bookBody,
  cancelAppointmentBody,
  slotsAnswer,
} from '@facet/contracts/appointments';
import { optionalUserId } from '../../plugins/auth.ts';
import { actorOf } from '../staff/index.ts';
import * as appointments from './service.ts';

export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, outbox: app.outbox };
  const limit = { rateLimit: { max: app.config.RATE_LIMIT_FORM_MAX, timeWindow: '1 hour' } };

  // Free times change with every booking: never cached.
  app.get('/appointments/slots', { schema: { response: { 200: envelope(slotsAnswer) } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await appointments.openSlots(app.db, app.config) };
  });

  app.post(
    '/appointments',
    { config: limit, schema: { body: bookBody, response: { 200: envelope(bookAnswer) } } },
    async (req) => ({ data: await appointments.book(deps, await optionalUserId(req), req.body) }),
  );
};

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

export const appointmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, outbox: app.outbox };
  app.get(
    '/appointments',
    {
      config: { access: 'appointments:manage' },
      schema: { querystring: adminAppointmentsQuery, response: { 200: envelope(z.array(appointmentSchema)) } },
    },
    async (req) => ({ data: await appointments.listAppointments(app.db, app.config, req.query.show) }),
  );
  app.post(
    '/appointments/:id/confirm',
    {
      config: { access: 'appointments:manage' },
      schema: { params: idParams, response: { 200: envelope(appointmentSchema) } },
    },
    async (req) => ({ data: await appointments.confirmAppointment(deps, actorOf(req.staff!.staff), req.params.id) }),
  );
  app.post(
    '/appointments/:id/cancel',
    {
      config: { access: 'appointments:manage' },
      schema: { params: idParams, body: cancelAppointmentBody, response: { 200: envelope(appointmentSchema) } },
    },
    async (req) => ({
      data: await appointments.cancelAppointment(deps, actorOf(req.staff!.staff), req.params.id, req.body.reason),
    }),
  );
};
