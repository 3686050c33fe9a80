import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Order } from './commerce.ts';
import { proratedRefund } from './refunds.ts';

const line = (
  lineTotalCents: number,
  quantity = 1,
  discountCents = 0,
  kind: Order['lines'][number]['kind'] = 'product',
) =>
  ({
    kind,
    title: 'x',
    details: [],
    image: '',
    quantity,
    unitPriceCents: lineTotalCents / quantity,
    lineTotalCents,
    discountCents,
  }) as Order['lines'][number];
const totals = (taxCents: number) => ({ taxCents }) as Order['totals'];

describe('a refund of some items of a discounted order', () => {
  it('gives back what was paid for the item: its price less its share of the code, with its tax', () => {
    // A $1,000 chain with 20 % off ($200) and a $500 diamond the code did not cover; 8 % tax on $1,300.
    const order = { lines: [line(100_000, 1, 20_000), line(50_000, 1, 0, 'diamond')], totals: totals(10_400) };
    expect(proratedRefund(order, [{ line: 0, quantity: 1 }])).toEqual({
      goodsCents: 80_000,
      taxCents: 6_400,
      totalCents: 86_400,
    });
    expect(proratedRefund(order, [{ line: 1, quantity: 1 }])).toEqual({
      goodsCents: 50_000,
      taxCents: 4_000,
      totalCents: 54_000,
    });
  });

  it('takes part of a line by quantity, and never tax on a gift card', () => {
    const order = { lines: [line(30_000, 3, 3_000), line(10_000, 1, 0, 'gift-card')], totals: totals(2_160) };
    expect(proratedRefund(order, [{ line: 0, quantity: 1 }])).toEqual({
      goodsCents: 9_000,
      taxCents: 720,
      totalCents: 9_720,
    });
    expect(proratedRefund(order, [{ line: 1, quantity: 1 }])).toEqual({
      goodsCents: 10_000,
      taxCents: 0,
      totalCents: 10_000,
    });
  });

  it('refunding every item gives back exactly the goods and the tax paid (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            cents: fc.integer({ min: 100, max: 5_000_000 }),
            qty: fc.integer({ min: 1, max: 5 }),
            off: fc.integer({ min: 0, max: 90 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 1_200 }),
        (ls, taxBp) => {
          const lines = ls.map((l) => line(l.cents * l.qty, l.qty, Math.round((l.cents * l.qty * l.off) / 100)));
          const goods = lines.reduce((s, l) => s + l.lineTotalCents - (l.discountCents ?? 0), 0);
          const tax = Math.round((goods * taxBp) / 10_000);
          const all = proratedRefund(
            { lines, totals: totals(tax) },
            lines.map((l, i) => ({ line: i, quantity: l.quantity })),
          );
          expect(all).toEqual({ goodsCents: goods, taxCents: tax, totalCents: goods + tax });
        },
      ),
    );
  });
});
