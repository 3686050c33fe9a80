import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@facet/contracts/envelope';
import {
  approveEstimateBody,
  customerTicket,
  declineEstimateBody,
  TICKET_NUMBER_RE,
} from '@facet/contracts/service-tickets';
import { adminRoute } from '../../plugins/admin-op.ts';
import { acceptPhotoForms, readPhotoForm } from '../../photo-form.ts';
import { processPhoto } from '../products/index.ts';
import { actorOf } from '../staff/index.ts';
import * as tickets from './service.ts';

const deps = (app: Parameters<FastifyPluginAsyncZod>[0]): tickets.TicketDeps => ({
  db: app.db,
  config: app.config,
  settings: app.storeSettings,
  outbox: app.outbox,
  payments: app.payments,
});
const params = z.object({ number: z.string().regex(TICKET_NUMBER_RE, 'Not a ticket number') }).strict();

/** The customer's side: the estimate's link (its token) shows it, approves and pays it, or declines it. */
export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = deps(app);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.get(
    '/service/:number',
    {
      schema: {
        params,
        querystring: z.object({ token: z.string().min(10).max(100) }).strict(),
        response: { 200: envelope(customerTicket) },
      },
    },
    async (req) => ({ data: await tickets.ticketForCustomer(app.db, req.params.number, req.query.token) }),
  );
  app.post(
    '/service/:number/approve',
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_ORDER_MAX, timeWindow: '1 minute' } },
      schema: { params, body: approveEstimateBody, response: { 200: envelope(customerTicket) } },
    },
    async (req) => ({ data: await tickets.approveEstimate(d, req.params.number, req.body) }),
  );
  app.post(
    '/service/:number/decline',
    { schema: { params, body: declineEstimateBody, response: { 200: envelope(customerTicket) } } },
    async (req) => ({ data: await tickets.declineEstimate(d, req.params.number, req.body.token) }),
  );
};

export const serviceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = deps(app);
  await acceptPhotoForms(app);
  app.route({
    ...adminRoute('POST /service-tickets/:number/photos'),
    handler: async (req) => {
      const form = await readPhotoForm(req);
      const photo = await processPhoto(form.file);
      return { data: await tickets.addIntakePhoto(d, actorOf(req.staff!.staff), req.params.number, photo) };
    },
  });
  app.route({
    ...adminRoute('GET /service-tickets/:number/photos/:file'),
    handler: async (req, reply) => {
      const webp = await tickets.intakePhoto(d, req.params.number, req.params.file);
      // A customer's piece: the back office's answers are never stored (private, no-store).
      return reply.type('image/webp').send(webp as unknown as string);
    },
  });
  app.route({ ...adminRoute('GET /service-tickets'), handler: async () => ({ data: await tickets.listTickets(d) }) });
  app.route({
    ...adminRoute('GET /service-tickets/:number'),
    handler: async (req) => ({ data: await tickets.ticketForStaff(d, req.params.number) }),
  });
  app.route({
    ...adminRoute('POST /service-tickets'),
    handler: async (req, reply) => {
      reply.status(201);
      return { data: await tickets.openTicket(d, actorOf(req.staff!.staff), req.body) };
    },
  });
  app.route({
    ...adminRoute('POST /service-tickets/:number/estimate'),
    handler: async (req) => ({
      data: await tickets.sendEstimate(d, actorOf(req.staff!.staff), req.params.number, req.body),
    }),
  });
  app.route({
    ...adminRoute('POST /service-tickets/:number/advance'),
    handler: async (req) => ({
      data: await tickets.advanceTicket(d, actorOf(req.staff!.staff), req.params.number, req.body.version),
    }),
  });
};
