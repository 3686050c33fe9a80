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

/**
 * How checkout takes money. Only brand and last four digits ever leave the provider; the full
 * number and the security code are not stored or logged. A Stripe provider would implement the
 * same two calls (authorize a PaymentIntent, cancel it).
 */
export interface PaymentProvider {
  readonly name: string;
  authorize(req: { amountCents: number; currency: 'USD'; card: Card; reference: string }): Promise<Authorization>;
  /** Releases an authorization whose order did not commit. */
  void(ref: string): Promise<void>;
  /**
   * Gives back part or all of a payment. `key` makes a retried refund the same refund (the
   * provider's idempotency key); answers the provider's reference for it.
   */
  refund(req: { ref: string; amountCents: number; key: string }): Promise<{ ref: string }>;
}

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

/** The development and demo provider: 4242… approves, 4000 0000 0000 0002 declines. */
export function testCardProvider(now: () => Date = () => new Date()): PaymentProvider {
  return {
    name: 'test',
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
  };
}
