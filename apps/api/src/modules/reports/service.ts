import { createHash } from 'node:crypto';
import type { Throttle } from '../throttle/index.ts';
import type { Db } from '../../db/client.ts';
import { decimalPrice } from '@facet/contracts/money';
import type { ReportQuery, SalesFigures, SalesReport } from '@facet/contracts/reports';
import { csvRow } from '../../csv.ts';
import { reportsRepository as repo } from './repository.ts';
import { refreshRollups } from './rollups.ts';

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
  return rows.map((r) => ({ ...r, netCents: r.grossCents - r.saleCents - r.codeCents - r.refundsCents }));
}

/** Sales of the days asked for (the store's days), by day, week or month, with the period before. */
export async function salesReport(db: Db, tz: string, q: ReportQuery): Promise<SalesReport> {
  const previous = previousPeriod(q.from, q.to);
  await refreshRollups(db, tz);
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
  ['Margin (costed lines after refunds)', 'marginCents'],
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

/** How a term is counted: lower case, single spaces, so "Tennis  Bracelet" and "tennis bracelet" are one. */
export const searchTerm = (q: string) => q.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 120);

/**
 * One search seen on the storefront. A visitor's same term counts once in ten minutes (a reload or
 * the next page is not another search), and one address at most 120 terms an hour, so nobody fills
 * the report by hand; the address is only the throttle's key for that window, never kept with the term.
 */
export async function countSearch(
  deps: { db: Db; throttle: Throttle; tz: string },
  ip: string,
  seen: { q: string; found: number },
) {
  const term = searchTerm(seen.q);
  if (!term) return;
  const visitor = createHash('sha256').update(ip).digest('base64url').slice(0, 22);
  if ((await deps.throttle.hit(`search-seen:${visitor}:${term}`, 10 * 60_000)).hits > 1) return;
  if ((await deps.throttle.hit(`search-seen:${visitor}`, 60 * 60_000)).hits > 120) return;
  const day = new Date().toLocaleDateString('en-CA', { timeZone: deps.tz });
  await repo.countSearch(deps.db, term, day, seen.found === 0);
}
