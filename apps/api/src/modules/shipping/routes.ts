import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { adminRoute } from '../../plugins/admin-op.ts';
import { afterStockChange } from '../../cache/index.ts';
import { actorOf } from '../staff/index.ts';
import type { Actor } from '../audit/index.ts';
import * as shipping from './service.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];
const depsOf = (app: App): shipping.ShippingDeps => ({
  db: app.db,
  config: app.config,
  settings: app.storeSettings,
  outbox: app.outbox,
  payments: app.payments,
  shipping: app.shipping,
  media: app.media,
  onStonesReleased: afterStockChange(app, 'cancellation'),
});

/** Prepaid return labels from the store's carrier service; undefined when none is connected. */
export const returnLabelFrom = (app: App) =>
  app.shipping.name === 'fixed'
    ? undefined
    : (actor: Actor, r: Parameters<typeof shipping.buyReturnLabel>[2]) =>
        shipping.buyReturnLabel(depsOf(app), actor, r);

/** The carrier service's tracking webhook: signed over the exact bytes sent, so the body stays raw. */
export const trackingWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post('/shipping/easypost/webhook', { config: { rateLimit: false }, schema: { hide: true } }, async (req) => {
    if (app.shipping.name !== 'easypost') throw new AppError(404, 'This store does not ship through EasyPost.');
    let update;
    try {
      update = app.shipping.trackingUpdate(req.body as Buffer, req.headers);
    } catch {
      throw new AppError(400, 'The webhook signature is missing or wrong.');
    }
    if (!update) return { received: true, applied: false, reason: 'Not a tracking event.' };
    // An update for a parcel this store did not send is answered (the service would only retry it) and logged.
    const result = await shipping.applyTracking(deps, update);
    req.log.info({ tracking: update.trackingNumber, state: update.state, result }, 'tracking webhook');
    return { received: true, ...result };
  });
};

/** Labels in the back office (inside /api/admin: each declares the permission it needs). */
export const shippingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  app.route({
    ...adminRoute('GET /orders/:number/shipments'),
    handler: async (req) => ({ data: await shipping.orderShipments(deps, req.params.number) }),
  });
  app.route({
    ...adminRoute('POST /orders/:number/label', { rateLimit: { max: 20, timeWindow: '1 minute' } }),
    handler: async (req) => ({
      data: await shipping.buyOrderLabel(deps, actorOf(req.staff!.staff), req.params.number),
    }),
  });
  app.route({
    ...adminRoute('GET /shipments/:id/label.pdf'),
    handler: async (req, reply) => {
      const { pdf, filename } = await shipping.labelPdf(depsOf(app), req.params.id);
      reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${filename}"`);
      return reply.send(pdf as unknown as string);
    },
  });
};
