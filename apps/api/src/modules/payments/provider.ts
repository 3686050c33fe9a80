import { randomBytes } from 'node:crypto';
import { TEST_CARDS } from '@facet/contracts/commerce';

export interface Card {
  name: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}
export type Authorization = { ok: true; ref: string; brand: string; last4: string } | { ok: false; message: string };

/** Where a payment the browser confirms stands, as the provider says (Stripe's PaymentIntent statuses). */
export interface IntentState {
  ref: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'requires_capture'
    | 'succeeded'
    | 'canceled';
  amountCents: number;
  receivedCents: number;
  brand: string;
  last4: string;
  /** Why the last attempt failed, in the provider's words for the shopper. */
  failure: string | null;
  /** The card it was paid with, and the customer it was saved to (a layaway's card, for its instalments). */
  paymentMethod?: string | null;
  customer?: string | null;
}

/** A card the shopper let the store charge later (a layaway's instalments): the provider's token only. */
export interface SavedCardRef {
  ref: string;
  customer: string | null;
}

/** A webhook event, verified: what happened and to which payment. */
export type PaymentEvent =
  | { id: string; type: 'payment.succeeded' | 'payment.failed' | 'payment.canceled'; ref: string }
  | { id: string; type: 'payment.refunded'; ref: string; refundedCents: number }
  | { id: string; type: 'payment.disputed'; ref: string; reason: string; amountCents: number }
  | { id: string; type: 'ignored'; providerType: string };

interface ProviderBase {
  readonly name: string;
  /**
   * Gives back part or all of a payment. `key` makes a retried refund the same refund (the
   * provider's idempotency key); answers the provider's reference for it.
   */
  refund(req: { ref: string; amountCents: number; key: string }): Promise<{ ref: string }>;
  /**
   * Charges a saved card with nobody at the keyboard (a layaway's instalment). `key` makes a retried
   * call the same charge; a decline answers ok: false with the provider's words.
   */
  chargeSaved(req: { card: SavedCardRef; amountCents: number; reference: string; key: string }): Promise<Authorization>;
  /** Takes the money of an authorisation made earlier (a supplier's stone, confirmed). */
  capture(ref: string, key: string): Promise<void>;
}

/** The server takes the card in the checkout request itself (the built-in test provider). */
export interface CardProvider extends ProviderBase {
  readonly flow: 'card';
  authorize(req: { amountCents: number; currency: 'USD'; card: Card; reference: string }): Promise<Authorization>;
  /** Keeps the card for later charges (a layaway's instalments): a token, never the number. */
  saveCard(card: Card): Promise<Authorization>;
  /** Releases an authorization whose order did not commit. */
  void(ref: string): Promise<void>;
}

/**
 * The server creates a payment for its own total and the shopper's browser confirms it with the
 * provider (Stripe's PaymentIntent and Payment Element): card data never reaches this server.
 */
export interface IntentProvider extends ProviderBase {
  readonly flow: 'intent';
  readonly publishableKey: string;
  createIntent(req: {
    amountCents: number;
    reference: string;
    email: string;
    idempotencyKey: string;
    /** Authorise only (a supplier's stone): the money is taken by `capture` once confirmed. */
    captureManually?: boolean;
    /** Save the card to this customer for later charges with nobody at the keyboard (layaway). */
    saveFor?: string;
  }): Promise<{ ref: string; clientSecret: string }>;
  /** A customer to save a card to (Stripe's Customer), one per key. */
  createCustomer(req: { email: string; key: string }): Promise<string>;
  retrieveIntent(ref: string): Promise<IntentState>;
  /** Cancels a payment that has not succeeded; answers false when it already succeeded (or is processing). */
  cancelIntent(ref: string): Promise<boolean>;
  /** Verifies a webhook's signature and freshness; throws on anything unsigned, forged or stale. */
  parseWebhook(raw: Buffer, signature: string | undefined): PaymentEvent;
}

/**
 * How checkout takes money. Only brand and last four digits ever leave the provider; the full
 * number and the security code are not stored or logged.
 */
export type PaymentProvider = CardProvider | IntentProvider;

/** A stone reserved for an order whose payment is still to come carries this reason. */
export const paymentHold = (number: string) => `payment:${number}`;

export function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^6(011|5)/.test(number)) return 'Discover';
  return 'Card';
}

export const DECLINED = 'Your card was declined. Please use another card.';
/** A saved test card whose later charges are declined (as a card cancelled by its bank is). */
export const DECLINING_SAVED_CARD = 'test_pm_declines';

/** The development and demo provider: 4242… approves, 4000 0000 0000 0002 declines. */
export function testCardProvider(now: () => Date = () => new Date()): CardProvider {
  return {
    name: 'test',
    flow: 'card',
    async authorize({ card }) {
      if (!luhn(card.number)) return { ok: false, message: 'Your card number is not valid. Please check it.' };
      const today = now();
      if (
        card.expYear < today.getUTCFullYear() ||
        (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1)
      ) {
        return { ok: false, message: 'Your card has expired.' };
      }
      if (card.number === TEST_CARDS.decline) return { ok: false, message: DECLINED };
      if (card.number !== TEST_CARDS.approve)
        return { ok: false, message: 'This demo store takes only the test card 4242 4242 4242 4242.' };
      return {
        ok: true,
        ref: `test_${randomBytes(12).toString('hex')}`,
        brand: cardBrand(card.number),
        last4: card.number.slice(-4),
      };
    },
    async void() {},
    async refund({ key }) {
      return { ref: `test_re_${key}` };
    },
    async saveCard(card) {
      const auth = await this.authorize({ amountCents: 0, currency: 'USD', card, reference: 'save' });
      return auth.ok ? { ...auth, ref: `test_pm_${randomBytes(12).toString('hex')}` } : auth;
    },
    async chargeSaved({ card, key }) {
      if (card.ref === DECLINING_SAVED_CARD) return { ok: false, message: DECLINED };
      return { ok: true, ref: `test_ch_${key}`, brand: '', last4: '' };
    },
    async capture() {},
  };
}
