import type { Db } from '../../db/client.ts';
import { decimalPrice } from '@facet/contracts/money';
import type { ReportQuery, SalesFigures, SalesReport } from '@facet/contracts/reports';
import { csvRow } from '../../csv.ts';
import { reportsRepository as repo } from './repository.ts';

const ZERO: SalesFigures = {
  orders: 0,
  grossCents: 0,
  saleCents: 0,
  codeCents: 0,
  refundsCents: 0,
  netCents: 0,
  shippingCents: 0,
  taxCents: 0,
  costCents: 0,
  marginCents: 0,
  costUnknownLines: 0,
};
const sum = (rows: SalesFigures[]): SalesFigures =>
  rows.reduce(
    (t, r) =>
      Object.fromEntries(
        Object.keys(ZERO).map((k) => [k, t[k as keyof SalesFigures] + r[k as keyof SalesFigures]]),
      ) as SalesFigures,
    ZERO,
  );

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The period of the same number of days just before [from, to]. */
export function previousPeriod(from: string, to: string) {
  const days = (Date.parse(to) - Date.parse(from)) / DAY + 1;
  return { from: iso(Date.parse(from) - days * DAY), to: iso(Date.parse(from) - DAY) };
}

async function periods(db: Db, tz: string, q: ReportQuery) {
  const rows = await repo.sales(db, { tz, ...q });
  return rows.map(({ knownNetCents, ...r }) => ({
    ...r,
    netCents: r.grossCents - r.saleCents - r.codeCents - r.refundsCents,
    marginCents: knownNetCents - r.costCents,
  }));
}

/** Sales of the days asked for (the store's days), by day, week or month, with the period before. */
export async function salesReport(db: Db, tz: string, q: ReportQuery): Promise<SalesReport> {
  const previous = previousPeriod(q.from, q.to);
  const [rows, before] = await Promise.all([periods(db, tz, q), periods(db, tz, { ...q, ...previous })]);
  return { from: q.from, to: q.to, by: q.by, previous, totals: sum(rows), previousTotals: sum(before), rows };
}

const COLUMNS: Array<[string, keyof SalesFigures | 'period']> = [
  ['Period', 'period'],
  ['Orders', 'orders'],
  ['Gross sales', 'grossCents'],
  ['Sale reductions', 'saleCents'],
  ['Discount codes', 'codeCents'],
  ['Refunds', 'refundsCents'],
  ['Net sales', 'netCents'],
  ['Shipping', 'shippingCents'],
  ['Tax', 'taxCents'],
  ['Cost (where known)', 'costCents'],
  ['Margin (lines with a cost)', 'marginCents'],
  ['Lines with cost unknown', 'costUnknownLines'],
];

/** Exactly the report's rows (and its total), in dollars with cents. */
export function* salesCsv(report: SalesReport) {
  yield csvRow(COLUMNS.map(([h]) => h));
  const cell = (r: SalesFigures & { period: string }, k: (typeof COLUMNS)[number][1]) =>
    k === 'period' ? r.period : k.endsWith('Cents') ? decimalPrice(r[k]) : r[k];
  for (const r of report.rows) yield csvRow(COLUMNS.map(([, k]) => cell(r, k)));
  yield csvRow(COLUMNS.map(([, k]) => cell({ ...report.totals, period: 'Total' }, k)));
}
