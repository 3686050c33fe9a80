import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@facet/contracts/envelope';
import {
  approveEstimateBody,
  customerTicket,
  declineEstimateBody,
  accountService,
  orderService,
  serviceRequestBody,
  TICKET_NUMBER_RE,
} from '@facet/contracts/service-tickets';
import { ORDER_NUMBER_RE } from '@facet/contracts/commerce';
import { orderVisitor, requireAuth } from '../../plugins/auth.ts';
import * as requests from './requests.ts';
import { adminRoute } from '../../plugins/admin-op.ts';
import { acceptPhotoForms, readPhotoForm } from '../../photo-form.ts';
import { processPhoto } from '../media-store/index.ts';
import { actorOf } from '../staff/index.ts';
import * as tickets from './service.ts';

const deps = (app: Parameters<FastifyPluginAsyncZod>[0]): tickets.TicketDeps => ({
  db: app.db,
  media: app.media,
  config: app.config,
  settings: app.storeSettings,
  outbox: app.outbox,
  payments: app.payments,
});
const params = z.object({ number: z.string().regex(TICKET_NUMBER_RE, 'Not a ticket number') }).strict();

const orderParams = z.object({ number: z.string().regex(ORDER_NUMBER_RE, 'Not an order number') }).strict();
const tokenQuery = z.object({ token: z.string().max(100).optional() }).strict();

/**
 * The customer's side: a resize or repair asked for a piece of their order (signed in, or with the
 * delivery e-mail's token), with photographs; the estimate's link (its token) shows it, approves and
 * pays it, or declines it.
 */
export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = deps(app);
  await acceptPhotoForms(app);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.get(
    '/account/service',
    { preHandler: requireAuth('session'), schema: { response: { 200: envelope(accountService) } } },
    async (req) => ({ data: await requests.serviceOfUser(d, req.auth!.userId) }),
  );
  app.get(
    '/order/:number/service',
    { schema: { params: orderParams, querystring: tokenQuery, response: { 200: envelope(orderService) } } },
    async (req) => ({ data: await requests.serviceOfOrder(d, req.params.number, await orderVisitor(req)) }),
  );
  app.post(
    '/order/:number/service',
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_FORM_MAX, timeWindow: '1 hour' } },
      schema: {
        params: orderParams,
        querystring: tokenQuery,
        body: serviceRequestBody,
        response: { 201: envelope(orderService) },
      },
    },
    async (req, reply) => {
      reply.status(201);
      return { data: await requests.requestService(d, req.params.number, await orderVisitor(req), req.body) };
    },
  );
  app.post(
    '/order/:number/service/:ticket/photos',
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_FORM_MAX, timeWindow: '1 hour' } },
      schema: {
        params: orderParams.extend({ ticket: z.string().regex(TICKET_NUMBER_RE, 'Not a ticket number') }).strict(),
        querystring: tokenQuery,
        response: { 200: envelope(orderService) },
      },
    },
    async (req) => ({
      data: await requests.addRequestPhoto(d, req.params.number, req.params.ticket, await orderVisitor(req), async () =>
        processPhoto((await readPhotoForm(req)).file),
      ),
    }),
  );
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
      data: await tickets.advanceTicket(
        d,
        actorOf(req.staff!.staff),
        req.params.number,
        req.body.version,
        req.body.dueOn,
      ),
    }),
  });
};
