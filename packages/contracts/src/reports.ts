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

/** The reports beyond sales by period: each a table of rows (the CSV's), with totals where they add up. */
export const TABLE_REPORTS = [
  'by-category',
  'by-metal',
  'by-origin',
  'by-channel',
  'discounts',
  'pieces',
  'tax',
  'gift-cards',
  'memo',
  'stock',
  'searches',
] as const;
export type TableReportName = (typeof TABLE_REPORTS)[number];
export const tableReportParams = z.object({ report: z.enum(TABLE_REPORTS) }).strict();

const cell = z.union([z.string(), z.number(), z.null()]);
export const reportColumn = z.object({
  key: z.string(),
  label: z.string(),
  /** How the figure reads: money in cents, a count, a percentage, or words. */
  kind: z.enum(['text', 'int', 'money', 'percent']),
});
export type ReportColumn = z.infer<typeof reportColumn>;
const reportTable = z.object({ columns: z.array(reportColumn), rows: z.array(z.record(z.string(), cell)) });
export type ReportTable = z.infer<typeof reportTable>;

export const tableReport = reportTable.extend({
  report: z.enum(TABLE_REPORTS),
  title: z.string(),
  /** How the figures are made, in a sentence the owner reads above the table. */
  note: z.string(),
  from: z.string(),
  to: z.string(),
  /** The same columns summed (only where a sum means something), and for the period before. */
  totals: z.record(z.string(), cell).nullable(),
  previous: z.object({ from: z.string(), to: z.string() }).nullable(),
  previousTotals: z.record(z.string(), cell).nullable(),
  /** A few lines that sum the rows up another way (per dealer, per age), shown above them. */
  summary: reportTable.extend({ title: z.string() }).nullable(),
  /** Which column names each bar and which gives its height, when a chart helps. */
  chart: z.object({ label: z.string(), value: z.string() }).nullable(),
});
export type TableReport = z.infer<typeof tableReport>;

/** A search the storefront's page showed: the term and whether it found anything (no person kept). */
export const searchSeenBody = z
  .object({ q: z.string().trim().min(1).max(120), found: z.number().int().min(0).max(1_000_000) })
  .strict();
