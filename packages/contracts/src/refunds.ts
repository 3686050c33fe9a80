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
