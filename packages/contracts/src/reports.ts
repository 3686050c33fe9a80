import { z } from 'zod';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');

/** A report's days, in the store's time zone, both ends included (at most two years). */
export const reportQuery = z
  .object({ from: day, to: day, by: z.enum(['day', 'week', 'month']).default('day') })
  .strict()
  .refine((q) => q.from <= q.to, { message: 'The first day comes before the last', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 731 * 86_400_000, {
    message: 'At most two years at a time',
    path: ['from'],
  });
export type ReportQuery = z.infer<typeof reportQuery>;

/**
 * Sales of a period. Gross is what the pieces sold for before any sale or code (gift cards sold are
 * not sales: they are owed until spent); net = gross − sale reductions − codes − refunds given in the
 * period. Cost is what the lines cost the store at the sale, where known; lines without one are
 * counted, never taken as free.
 */
export const salesFigures = z.object({
  orders: z.number().int(),
  grossCents: z.number().int(),
  saleCents: z.number().int(),
  codeCents: z.number().int(),
  refundsCents: z.number().int(),
  netCents: z.number().int(),
  shippingCents: z.number().int(),
  taxCents: z.number().int(),
  /** Cost of the lines whose cost is known, and the margin on those lines' net. */
  costCents: z.number().int(),
  marginCents: z.number().int(),
  costUnknownLines: z.number().int(),
});
export type SalesFigures = z.infer<typeof salesFigures>;

export const salesReport = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(['day', 'week', 'month']),
  /** The period of the same length just before, for comparison. */
  previous: z.object({ from: z.string(), to: z.string() }),
  totals: salesFigures,
  previousTotals: salesFigures,
  rows: z.array(salesFigures.extend({ period: z.string() })),
});
export type SalesReport = z.infer<typeof salesReport>;
