import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORDER_NUMBER_RE, orderSchema } from '@facet/contracts/commerce';
import { envelope } from '@facet/contracts/envelope';
import { AppError } from '../../errors.ts';
import { optionalUserId } from '../../plugins/auth.ts';
import { afterStockChange } from '../../cache/index.ts';
import * as orders from './service.ts';
import {
  expireLapsedPayments,
  handlePaymentEvent,
  reconcilePayments,
  settlePayment,
  type SettleDeps,
} from './settle.ts';

/** What settlement needs from the app, when the provider is one the browser pays (else null). */
export function settleDepsOf(app: FastifyInstance): SettleDeps | null {
  const payments = app.payments;
  if (payments.flow !== 'intent') return null;
  return {
    db: app.db,
    config: app.config,
    settings: app.storeSettings,
    outbox: app.outbox,
    payments,
    onStonesSold: afterStockChange(app, 'sale'),
  };
}

/**
 * Open payments are checked at start (a webhook may have been missed while no instance ran) and
 * lapsed reservations are swept every 30 s; any instance may do it, the order's row lock decides.
 */
export function startPaymentSweeper(app: FastifyInstance): () => void {
  const deps = settleDepsOf(app);
  if (!deps) return () => {};
  const run = (what: string, job: () => Promise<unknown>) =>
    job().catch((err: unknown) => app.log.warn({ err }, `payments: ${what} failed; tried again shortly`));
  void run('reconciliation at start', () => reconcilePayments(deps));
  const timer = setInterval(() => void run('expiry sweep', () => expireLapsedPayments(deps)), 30_000);
  timer.unref();
  return () => clearInterval(timer);
}

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = settleDepsOf(app);

  // Stripe signs the exact bytes it sent: this route keeps the body raw.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post('/payments/stripe/webhook', { config: { rateLimit: false }, schema: { hide: true } }, async (req, reply) => {
    if (!deps) throw new AppError(404, 'This store does not take Stripe payments.');
    let event;
    try {
      event = deps.payments.parseWebhook(req.body as Buffer, req.headers['stripe-signature'] as string | undefined);
    } catch {
      throw new AppError(400, 'The webhook signature is missing, wrong or too old.');
    }
    const outcome = await handlePaymentEvent(deps, event);
    req.log.info({ event: event.id, type: event.type, outcome }, 'payment webhook');
    return reply.send({ received: true });
  });
};

/** The confirmation page asks: the payment is checked with the provider now, not only when its webhook comes. */
export const paymentStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = settleDepsOf(app);
  app.post(
    '/order/:number/payment',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        params: z.object({ number: z.string().regex(ORDER_NUMBER_RE, 'Not an order number') }),
        body: z.object({ token: z.string().max(100).optional() }).strict(),
        response: { 200: envelope(orderSchema) },
      },
    },
    async (req) => {
      const who = { userId: await optionalUserId(req), token: req.body.token ?? null };
      const order = await orders.getOrderRow(app.db, req.params.number, who);
      if (deps && order.paymentState === 'pending') await settlePayment(deps, order.paymentRef);
      return {
        data: await orders.getOrder(
          app.db,
          app.storeSettings.current(),
          req.params.number,
          who,
          app.config.STORE_TIMEZONE,
        ),
      };
    },
  );
};
