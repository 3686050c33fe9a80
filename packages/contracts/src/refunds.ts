import type { Order } from './commerce.ts';

/**
 * What refunding some of an order's items gives back: each item at what was paid for it (its price
 * less its share of the discount code) and the sales tax charged on that. Shipping is not included
 * (staff add it when the store pays for a return). Prorated, so refunding every item gives back the
 * goods and the tax exactly.
 */
export function proratedRefund(
  order: Pick<Order, 'lines' | 'totals'>,
  picks: ReadonlyArray<{ line: number; quantity: number }>,
): { goodsCents: number; taxCents: number; totalCents: number } {
  const net = (l: Order['lines'][number]) => l.lineTotalCents - (l.discountCents ?? 0);
  const taxable = order.lines.filter((l) => l.kind !== 'gift-card').reduce((s, l) => s + net(l), 0);
  let goodsCents = 0;
  let taxableCents = 0;
  for (const p of picks) {
    const l = order.lines[p.line];
    if (!l || p.quantity <= 0) continue;
    const q = Math.min(p.quantity, l.quantity);
    const cents = q === l.quantity ? net(l) : Math.round((net(l) * q) / l.quantity);
    goodsCents += cents;
    if (l.kind !== 'gift-card') taxableCents += cents;
  }
  const taxCents = taxable ? Math.round((taxableCents * order.totals.taxCents) / taxable) : 0;
  return { goodsCents, taxCents, totalCents: goodsCents + taxCents };
}

/** Where a refund went, as it was made: each gift card and what it got back, and the card's part. */
export interface RefundTo {
  giftCards: Array<{ last4: string; cents: number }>;
  /** The payment card's part (null: none went to a card). */
  card: { brand: string | null; last4: string | null; cents: number } | null;
}

/**
 * The sentence a customer is told of a refund, from where the money went: "to the gift card ending
 * 1234" when it went there, "to your Visa ending 4242" when it went to the card, and the bank's few
 * days only for a card. Every e-mail and page that reports a refund says it with this.
 */
export function refundDestinationText(to: RefundTo, money: (cents: number) => string): string {
  const parts = [
    ...to.giftCards.filter((g) => g.cents > 0).map((g) => `${money(g.cents)} to the gift card ending ${g.last4}`),
    ...(to.card && to.card.cents > 0
      ? [
          `${money(to.card.cents)} to ${
            to.card.last4 ? `your ${to.card.brand ?? 'card'} ending ${to.card.last4}` : 'the card you paid with'
          }`,
        ]
      : []),
  ];
  const where = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
  const gift = to.giftCards.some((g) => g.cents > 0);
  const card = !!to.card && to.card.cents > 0;
  return [
    `We refunded ${where}.`,
    gift ? `What went back to ${to.giftCards.length > 1 ? 'the gift cards' : 'the gift card'} can be spent now.` : '',
    card ? 'It can take a few business days for your bank to show the card refund.' : '',
  ]
    .filter(Boolean)
    .join(' ');
}
