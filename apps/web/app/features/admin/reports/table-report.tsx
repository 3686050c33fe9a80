import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { TableReport, TableReportName } from '@facet/contracts/reports';
import { cellText, ReportRows } from './report-table.tsx';

// The charting library loads with a chart, never with the server's build or another page.
const BarsChart = lazy(() => import('./bars-chart.tsx'));

const TABS: Array<[TableReportName | 'sales' | 'exports', string]> = [
  ['sales', 'Sales'],
  ['by-category', 'By category'],
  ['by-metal', 'By metal'],
  ['by-origin', 'Natural or lab'],
  ['by-channel', 'By channel'],
  ['discounts', 'Discounts'],
  ['pieces', 'Margin by piece'],
  ['tax', 'Tax'],
  ['gift-cards', 'Gift cards'],
  ['memo', 'Memo stones'],
  ['stock', 'Stock age'],
  ['searches', 'Searches'],
  ['exports', 'Exports'],
];

/** The reports, one link each, keeping the days asked for. */
export function ReportTabs({ current, range }: { current: string; range: string }) {
  return (
    <nav aria-label="Reports" className="mb-3 overflow-x-auto">
      <ul className="flex flex-wrap gap-x-1 border-b border-hairline text-sm">
        {TABS.map(([key, label]) => (
          <li key={key}>
            <Link
              to={`/admin/reports?${key === 'sales' ? '' : `report=${key}&`}${range}`}
              aria-current={key === current ? 'page' : undefined}
              className={`block whitespace-nowrap px-3 py-2 ${
                key === current ? '-mb-px border-b-2 border-primary font-medium text-ink' : 'text-muted hover:text-ink'
              }`}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "+12 % on the period before"; nothing to compare with says so. */
export function change(now: number, before: number) {
  if (before === 0) return now === 0 ? 'no change' : 'none the period before';
  const pct = Math.round(((now - before) / Math.abs(before)) * 100);
  return `${pct > 0 ? '+' : ''}${pct} % on the period before`;
}

/** Rows shown on the page; the CSV has them all. */
const SHOWN = 100;

/** One of the reports beyond sales: what it counts, its sums, a chart where one helps, and its rows. */
export function TableReportView({ report }: { report: TableReport }) {
  const money = report.columns.filter((c) => c.kind === 'money');
  const chart = report.chart;
  const chartSource =
    chart &&
    (report.summary && report.summary.columns.some((c) => c.key === chart.label) ? report.summary.rows : report.rows);
  const bars = chart
    ? chartSource!
        .filter((r) => typeof r[chart.value] === 'number')
        .slice(0, 24)
        .map((r) => ({ label: String(r[chart.label] ?? ''), cents: r[chart.value] as number }))
    : [];
  const valueLabel = chart
    ? ([...report.columns, ...(report.summary?.columns ?? [])].find((c) => c.key === chart.value)?.label ?? '')
    : '';
  const period = report.report === 'stock' ? 'today' : `${report.from} to ${report.to}`;
  return (
    <>
      <h2 className="mb-1 text-sm font-semibold">
        {report.title}, {period}
        {report.previous && (
          <span className="font-normal text-muted">
            {' '}
            (compared with {report.previous.from} to {report.previous.to})
          </span>
        )}
      </h2>
      <p className="mb-3 max-w-4xl text-sm text-muted">{report.note}</p>
      {report.totals && money.length > 0 && (
        <dl className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="report-totals">
          {money.map((c) => (
            <div key={c.key} className="border border-hairline bg-white px-3 py-2">
              <dt className="text-xs text-muted">{c.label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{cellText(c, report.totals![c.key])}</dd>
              {report.previousTotals && (
                <dd className="text-xs text-muted">
                  {change(Number(report.totals![c.key]) || 0, Number(report.previousTotals[c.key]) || 0)}
                </dd>
              )}
            </div>
          ))}
        </dl>
      )}
      {typeof report.totals?.costUnknown === 'number' && report.totals.costUnknown > 0 && (
        <p className="mb-4 text-sm">
          {report.totals.costUnknown.toLocaleString('en-US')}{' '}
          {report.totals.costUnknown === 1 ? 'line has' : 'lines have'} no recorded cost: left out of cost and margin,
          not counted as free.
        </p>
      )}
      {chart && bars.some((b) => b.cents !== 0) && (
        <figure className="mb-4 border border-hairline bg-white p-3">
          <figcaption className="mb-2 text-sm font-medium">{valueLabel} (the table has the figures)</figcaption>
          <Suspense fallback={<div className="h-56" />}>
            <BarsChart bars={bars} name={valueLabel} />
          </Suspense>
        </figure>
      )}
      {report.summary && (
        <section className="mb-4">
          <h3 className="mb-2 text-sm font-semibold">{report.summary.title}</h3>
          <ReportRows
            caption={`${report.title}: ${report.summary.title.toLowerCase()}`}
            columns={report.summary.columns}
            rows={report.summary.rows}
            empty="Nothing here for these days."
          />
        </section>
      )}
      {report.report === 'pieces' && report.rows.length > 10 ? (
        <div className="space-y-4">
          <section>
            <h3 className="mb-2 text-sm font-semibold">The ten best</h3>
            <ReportRows
              caption="Margin by piece: the ten best"
              columns={report.columns}
              rows={report.rows.slice(0, 10)}
              empty="No pieces sold in these days."
            />
          </section>
          <section>
            <h3 className="mb-2 text-sm font-semibold">
              The {Math.min(10, report.rows.length - 10)} worst (the CSV has every piece)
            </h3>
            <ReportRows
              caption="Margin by piece: the worst"
              columns={report.columns}
              rows={report.rows.slice(10).slice(-10).reverse()}
              empty="No pieces sold in these days."
            />
          </section>
        </div>
      ) : (
        <section>
          {report.summary && <h3 className="mb-2 text-sm font-semibold">All rows</h3>}
          <ReportRows
            caption={report.title}
            columns={report.columns}
            rows={report.rows.slice(0, SHOWN)}
            totals={report.totals}
            empty="Nothing here for these days."
          />
          {report.rows.length > SHOWN && (
            <p className="mt-2 text-sm text-muted">
              The first {SHOWN} of {report.rows.length.toLocaleString('en-US')} rows; the CSV has them all.
            </p>
          )}
        </section>
      )}
    </>
  );
}
