import { describe, expect, it } from 'vitest';
import { EXCHANGE_CREDIT, paymentText } from '@facet/contracts/commerce';
import { paidWith } from './paid-with.ts';

// How an order says it was paid, on the order page, the staff view and the invoice: every part
// named truly, and the parts adding up to the total.

type Paid = Parameters<typeof paidWith>[0];
const order = (o: Partial<Paid>): Paid => ({
  totals: {
    subtotalCents: 0,
    discountCents: 0,
    discountLabel: null,
    shippingCents: 0,
    taxState: null,
    taxLines: [],
    taxCents: 0,
    totalCents: 50_000,
  },
  payment: { brand: 'Visa', last4: '4242' },
  ...o,
});

describe('paid with', () => {
  it('a card pays it all', () => {
    expect(paidWith(order({}))).toEqual([['Visa ending 4242', 50_000]]);
  });

  it('a deposit: the card paid it, and the balance is named as still to pay', () => {
    expect(paidWith(order({ balance: { paidCents: 15_000, dueCents: 35_000 } }))).toEqual([
      ['Visa ending 4242', 15_000],
      ['Still to pay', 35_000],
    ]);
  });

  it('a supplier’s stone: the card is named as authorised, not charged', () => {
    expect(paidWith(order({ payment: { brand: 'Visa', last4: '4242', state: 'authorized' } }))).toEqual([
      ['Visa ending 4242 (authorised, not charged yet)', 50_000],
    ]);
  });

  it('gift cards first, the card the rest', () => {
    expect(paidWith(order({ giftCards: [{ last4: 'K7Q2', cents: 20_000 }] }))).toEqual([
      ['Gift card ending K7Q2', 20_000],
      ['Visa ending 4242', 30_000],
    ]);
  });

  it('an exchange’s replacement: the credit, then the card for the difference', () => {
    expect(paidWith(order({ exchangeCreditCents: 35_000 }))).toEqual([
      ['Credit for the pieces you sent back', 35_000],
      ['Visa ending 4242', 15_000],
    ]);
  });

  it('a replacement the credit paid in full names no card', () => {
    const o = order({ exchangeCreditCents: 50_000, payment: { brand: EXCHANGE_CREDIT, last4: '' } });
    expect(paidWith(o)).toEqual([['Credit for the pieces you sent back', 50_000]]);
    expect(paymentText(o.payment)).toBe('Credit for returned pieces');
  });
});
