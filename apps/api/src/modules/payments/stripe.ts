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

const chargeOf = (pi: Stripe.PaymentIntent) =>
  pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;

export function intentState(pi: Stripe.PaymentIntent): IntentState {
  const card = chargeOf(pi)?.payment_method_details?.card;
  return {
    ref: pi.id,
    status: pi.status as IntentState['status'],
    amountCents: pi.amount,
    receivedCents: pi.amount_received,
    brand: card?.brand ? card.brand.replace(/^./, (c) => c.toUpperCase()).replace('Amex', 'American Express') : '',
    last4: card?.last4 ?? '',
    failure: pi.last_payment_error?.message ?? null,
  };
}

const refOf = (x: string | { id: string } | null | undefined) => (typeof x === 'string' ? x : (x?.id ?? ''));

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
    async createIntent({ amountCents, reference, email, idempotencyKey }) {
      const pi = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          automatic_payment_methods: { enabled: true },
          capture_method: 'automatic',
          description: `Facet order ${reference}`,
          receipt_email: email,
          metadata: { order: reference },
        },
        { idempotencyKey: `facet-order-${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40)}` },
      );
      return { ref: pi.id, clientSecret: pi.client_secret! };
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
