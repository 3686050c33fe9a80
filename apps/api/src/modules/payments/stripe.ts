import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { IntentProvider, IntentState, PaymentEvent } from './provider.ts';

/** Signatures older than this are refused (Stripe's own default tolerance). */
export const WEBHOOK_TOLERANCE_S = 300;

/** The SDK client, pointed at STRIPE_API_BASE when set (tests run a local server speaking Stripe's API). */
export function stripeClient(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>) {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY!, {
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Facet' },
  });
}

const refOf = (x: string | { id: string } | null | undefined) => (typeof x === 'string' ? x : (x?.id ?? ''));
const keyOf = (prefix: string, key: string) =>
  `facet-${prefix}-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
const brandOf = (b: string | null | undefined) =>
  b ? b.replace(/^./, (c) => c.toUpperCase()).replace('Amex', 'American Express') : '';

const chargeOf = (pi: Stripe.PaymentIntent) =>
  pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;

export function intentState(pi: Stripe.PaymentIntent): IntentState {
  const card = chargeOf(pi)?.payment_method_details?.card;
  return {
    ref: pi.id,
    status: pi.status as IntentState['status'],
    amountCents: pi.amount,
    receivedCents: pi.amount_received,
    brand: brandOf(card?.brand),
    last4: card?.last4 ?? '',
    failure: pi.last_payment_error?.message ?? null,
    paymentMethod: refOf(pi.payment_method) || null,
    customer: refOf(pi.customer) || null,
  };
}

/** Stripe's events, reduced to the few the store acts on. */
export function toPaymentEvent(e: Stripe.Event): PaymentEvent {
  switch (e.type) {
    case 'payment_intent.succeeded':
      return { id: e.id, type: 'payment.succeeded', ref: e.data.object.id };
    case 'payment_intent.payment_failed':
      return { id: e.id, type: 'payment.failed', ref: e.data.object.id };
    case 'payment_intent.canceled':
      return { id: e.id, type: 'payment.canceled', ref: e.data.object.id };
    case 'charge.refunded':
      return {
        id: e.id,
        type: 'payment.refunded',
        ref: refOf(e.data.object.payment_intent),
        refundedCents: e.data.object.amount_refunded,
      };
    case 'charge.dispute.created':
      return {
        id: e.id,
        type: 'payment.disputed',
        ref: refOf(e.data.object.payment_intent),
        reason: e.data.object.reason,
        amountCents: e.data.object.amount,
      };
    default:
      return { id: e.id, type: 'ignored', providerType: e.type };
  }
}

/**
 * Stripe behind the store's payment interface. Payments are captured when the shopper pays
 * (automatic capture): a made-to-order ring takes longer than a card authorisation lives
 * (decision 014). Every call that creates something carries an idempotency key derived from
 * ours, so a retried request never charges or refunds twice.
 */
export function stripeProvider(config: Config): IntentProvider {
  const stripe = stripeClient(config);
  const secret = config.STRIPE_WEBHOOK_SECRET!;
  return {
    name: 'stripe',
    flow: 'intent',
    publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
    async createIntent({ amountCents, reference, email, idempotencyKey, captureManually, saveFor }) {
      const pi = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          automatic_payment_methods: { enabled: true },
          // A supplier's stone: authorised now, captured once the supplier confirms it (within the
          // store's hours, well inside the 7 days a card authorisation lives).
          capture_method: captureManually ? 'manual' : 'automatic',
          ...(saveFor ? { customer: saveFor, setup_future_usage: 'off_session' as const } : {}),
          description: `Facet order ${reference}`,
          receipt_email: email,
          metadata: { order: reference },
        },
        { idempotencyKey: keyOf('order', idempotencyKey) },
      );
      return { ref: pi.id, clientSecret: pi.client_secret! };
    },
    async createCustomer({ email, key }) {
      const c = await stripe.customers.create({ email }, { idempotencyKey: keyOf('customer', key) });
      return c.id;
    },
    async chargeSaved({ card, amountCents, reference, key }) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            customer: card.customer ?? undefined,
            payment_method: card.ref,
            off_session: true,
            confirm: true,
            description: `Facet order ${reference}`,
            metadata: { order: reference },
            expand: ['latest_charge'],
          },
          { idempotencyKey: keyOf('charge', key) },
        );
        const s = intentState(pi);
        if (s.status !== 'succeeded')
          return { ok: false, message: s.failure ?? 'Your bank did not approve the payment.' };
        return { ok: true, ref: pi.id, brand: s.brand, last4: s.last4 };
      } catch (err) {
        // A decline (or a bank asking for the cardholder) is an answer, not a failure to reach Stripe.
        if ((err as { type?: string }).type === 'StripeCardError')
          return { ok: false, message: (err as Error).message || 'Your card was declined.' };
        throw err;
      }
    },
    async capture(ref, key) {
      try {
        await stripe.paymentIntents.capture(ref, {}, { idempotencyKey: keyOf('capture', key) });
      } catch (err) {
        // Captured already (a retry after a lost answer): that is what was wanted.
        if ((err as { code?: string }).code === 'payment_intent_unexpected_state') {
          const now = await stripe.paymentIntents.retrieve(ref);
          if (now.status === 'succeeded') return;
        }
        throw err;
      }
    },
    async retrieveIntent(ref) {
      return intentState(await stripe.paymentIntents.retrieve(ref, { expand: ['latest_charge'] }));
    },
    async cancelIntent(ref) {
      try {
        await stripe.paymentIntents.cancel(ref);
        return true;
      } catch (err) {
        // Already succeeded, processing or cancelled: Stripe says so with this code.
        if ((err as { code?: string }).code === 'payment_intent_unexpected_state') {
          const now = await stripe.paymentIntents.retrieve(ref);
          return now.status === 'canceled';
        }
        throw err;
      }
    },
    async refund({ ref, amountCents, key }) {
      const r = await stripe.refunds.create(
        { payment_intent: ref, amount: amountCents, metadata: { facet: key } },
        { idempotencyKey: `facet-refund-${key}` },
      );
      return { ref: r.id };
    },
    parseWebhook(raw, signature) {
      if (!signature) throw new Error('No Stripe-Signature header');
      return toPaymentEvent(stripe.webhooks.constructEvent(raw, signature, secret, WEBHOOK_TOLERANCE_S));
    },
  };
}
