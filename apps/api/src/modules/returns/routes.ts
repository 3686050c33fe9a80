import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORDER_NUMBER_RE } from '@facet/contracts/commerce';
import { envelope } from '@facet/contracts/envelope';
import { orderReturns, payDifferenceBody, RETURN_NUMBER_RE, returnRequestBody } from '@facet/contracts/returns';
import { acceptPhotoForms, readPhotoForm } from '../../photo-form.ts';
import { processPhoto } from '../media-store/index.ts';
import { adminRoute } from '../../plugins/admin-op.ts';
import { orderVisitor } from '../../plugins/auth.ts';
import { afterStockChange } from '../../cache/index.ts';
import { actorOf } from '../staff/index.ts';
import * as returns from './service.ts';
import { returnLabelFrom } from '../shipping/index.ts';

const deps = (app: Parameters<FastifyPluginAsyncZod>[0]): returns.ReturnsDeps => ({
  db: app.db,
  media: app.media,
  config: app.config,
  settings: app.storeSettings,
  outbox: app.outbox,
  payments: app.payments,
  tax: app.tax,
  onStonesReleased: afterStockChange(app, 'cancellation'),
  returnLabel: returnLabelFrom(app),
});

const orderParams = z.object({ number: z.string().regex(ORDER_NUMBER_RE, 'Not an order number') }).strict();
const tokenQuery = z.object({ token: z.string().max(100).optional() }).strict();

/** A shopper's returns: signed in as the order's owner, or with the token of its confirmation or delivery e-mail. */
export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = deps(app);
  await acceptPhotoForms(app);
  const who = orderVisitor;
  app.get(
    '/order/:number/returns',
    { schema: { params: orderParams, querystring: tokenQuery, response: { 200: envelope(orderReturns) } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await returns.returnsOfOrder(d, req.params.number, await who(req)) };
    },
  );
  app.post(
    '/order/:number/returns',
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_FORM_MAX, timeWindow: '1 hour' } },
      schema: {
        params: orderParams,
        querystring: tokenQuery,
        body: returnRequestBody,
        response: { 201: envelope(orderReturns) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      reply.status(201);
      return { data: await returns.requestReturn(d, req.params.number, await who(req), req.body) };
    },
  );
  app.post(
    '/order/:number/returns/:rma/photos',
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_FORM_MAX, timeWindow: '1 hour' } },
      schema: { params: photoParams, querystring: tokenQuery, response: { 200: envelope(orderReturns) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const form = await readPhotoForm(req);
      const photo = await processPhoto(form.file);
      return { data: await returns.addReturnPhoto(d, req.params.number, req.params.rma, await who(req), photo) };
    },
  );
  app.post(
    '/order/:number/returns/:rma/pay',
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_ORDER_MAX, timeWindow: '1 minute' } },
      schema: {
        params: photoParams,
        querystring: tokenQuery,
        body: payDifferenceBody,
        response: { 200: envelope(orderReturns) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await returns.payDifference(d, req.params.number, req.params.rma, await who(req), req.body) };
    },
  );
};

const photoParams = orderParams.extend({ rma: z.string().regex(RETURN_NUMBER_RE, 'Not a return number') }).strict();

export const returnAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = deps(app);
  app.route({
    ...adminRoute('GET /returns/:number/photos/:file'),
    handler: async (req, reply) =>
      reply
        .type('image/webp')
        .send((await returns.returnPhotoBytes(d, req.params.number, req.params.file)) as unknown as string),
  });
  app.route({
    ...adminRoute('GET /orders/:number/returns'),
    handler: async (req) => ({ data: await returns.returnsOnOrder(d, req.params.number) }),
  });
  app.route({
    ...adminRoute('GET /returns'),
    handler: async (req) => ({ data: await returns.listReturns(app.db, req.query) }),
  });
  app.route({
    ...adminRoute('GET /returns/:number'),
    handler: async (req) => ({ data: await returns.returnForStaff(d, req.params.number) }),
  });
  app.route({
    ...adminRoute('POST /returns/:number/approve'),
    handler: async (req) => ({
      data: await returns.approveReturn(d, actorOf(req.staff!.staff), req.params.number, req.body),
    }),
  });
  app.route({
    ...adminRoute('POST /returns/:number/decline'),
    handler: async (req) => ({
      data: await returns.declineReturn(d, actorOf(req.staff!.staff), req.params.number, req.body),
    }),
  });
  app.route({
    ...adminRoute('POST /returns/:number/receive'),
    handler: async (req) => ({
      data: await returns.receiveReturn(d, actorOf(req.staff!.staff), req.params.number, req.body.version),
    }),
  });
  app.route({
    ...adminRoute('POST /returns/:number/inspect'),
    handler: async (req) => ({
      data: await returns.inspectReturn(d, actorOf(req.staff!.staff), req.params.number, req.body),
    }),
  });
  app.route({
    ...adminRoute('POST /returns/:number/exchange'),
    handler: async (req) => ({
      data: await returns.exchangeReturn(d, actorOf(req.staff!.staff), req.params.number, req.body),
    }),
  });
  app.route({
    ...adminRoute('POST /returns/:number/refund'),
    handler: async (req) => ({
      data: await returns.refundReturn(d, actorOf(req.staff!.staff), req.params.number, req.body.version),
    }),
  });
};
