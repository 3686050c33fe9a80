import { EXCHANGE_CREDIT, type Order } from '@facet/contracts/commerce';

/**
 * How an order was paid, part by part: each gift card, then the card for the rest (nothing for a
 * card when gift cards paid it all). Amounts of the order's total, before any refund.
 */
export function paidWith(
  o: Pick<Order, 'giftCards' | 'payment' | 'totals' | 'exchangeCreditCents' | 'balance'>,
): Array<[string, number]> {
  const gifts = (o.giftCards ?? []).map((g): [string, number] => [`Gift card ending ${g.last4}`, g.cents]);
  if (o.exchangeCreditCents) gifts.push(['Credit for the pieces you sent back', o.exchangeCreditCents]);
  // Paid in parts (a commission's deposit): the card paid what was paid so far; the rest is still to come.
  const rest = (o.balance ? o.balance.paidCents : o.totals.totalCents) - gifts.reduce((s, [, c]) => s + c, 0);
  const card: Array<[string, number]> =
    rest > 0 && o.payment.brand !== 'Gift card' && o.payment.brand !== EXCHANGE_CREDIT
      ? [
          [
            // A supplier's stone: held on the card, charged only once the supplier confirms it.
            `${o.payment.brand || 'Card'} ending ${o.payment.last4}${o.payment.state === 'authorized' ? ' (authorised, not charged yet)' : ''}`,
            rest,
          ],
        ]
      : [];
  const due: Array<[string, number]> = o.balance ? [['Still to pay', o.balance.dueCents]] : [];
  return [...gifts, ...card, ...due];
}
