import { Form, useNavigation, useOutletContext } from 'react-router';
import { lazy, Suspense } from 'react';
import { formatMoney } from '@facet/contracts/money';
import { reportQuery, TABLE_REPORTS, type SalesFigures, type TableReportName } from '@facet/contracts/reports';
import type { Route } from './+types/reports';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';
import { change, ReportTabs, TableReportView } from '~/features/admin/reports/table-report.tsx';
import { ExportsList } from '~/features/admin/reports/exports-list.tsx';
import { can, type StaffMe } from '@facet/contracts/admin';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** The month so far, by day, unless the address says otherwise. */
function asked(url: URL) {
  const now = new Date();
  const parsed = reportQuery.safeParse({
    from: url.searchParams.get('from') ?? isoDay(new Date(now.getFullYear(), now.getMonth(), 1, 12)),
    to: url.searchParams.get('to') ?? isoDay(now),
    by: url.searchParams.get('by') ?? 'day',
  });
  return parsed.success
    ? parsed.data
    : { from: isoDay(new Date(now.getFullYear(), now.getMonth(), 1, 12)), to: isoDay(now), by: 'day' as const };
}

const isTable = (r: string | null): r is TableReportName => TABLE_REPORTS.includes(r as TableReportName);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const query = asked(url);
  const report = url.searchParams.get('report');
  if (report === 'exports') return { query, sales: null, table: null, exports: true };
  if (isTable(report))
    return {
      query,
      sales: null,
      table: await adminLoad(request, 'GET /reports/:report', { params: { report }, query }),
      exports: false,
    };
  return { query, sales: await adminLoad(request, 'GET /reports/sales', { query }), table: null, exports: false };
}
export const ErrorBoundary = AdminRouteError;

// The charting library loads with the chart, never with the server's build or another page.
const BarsChart = lazy(() => import('~/features/admin/reports/bars-chart.tsx'));

const FIGURES: Array<[keyof SalesFigures, string]> = [
  ['netCents', 'Net sales'],
  ['grossCents', 'Gross sales'],
  ['saleCents', 'Sale reductions'],
  ['codeCents', 'Discount codes'],
  ['refundsCents', 'Refunds'],
  ['marginCents', 'Margin (lines with a cost)'],
  ['shippingCents', 'Shipping'],
  ['taxCents', 'Tax collected'],
];
const money = (c: number) => formatMoney(c);

/** What the business did: the owner's and manager's sales, margin and what each period brought. */
export default function AdminReports({ loaderData: { query, sales, table, exports } }: Route.ComponentProps) {
  const navigation = useNavigation();
  const me = useOutletContext<StaffMe>();
  if (exports)
    return (
      <>
        <AdminHeading title="Reports" />
        <ReportTabs current="exports" range={`from=${query.from}&to=${query.to}&by=${query.by}`} />
        <ExportsList canReadAudit={can(me.role, 'audit:read')} />
      </>
    );
  const range = `from=${query.from}&to=${query.to}&by=${query.by}`;
  const csv = table ? `/api/admin/reports/${table.report}/rows.csv?${range}` : `/api/admin/reports/sales.csv?${range}`;
  return (
    <>
      <AdminHeading title="Reports" />
      <ReportTabs current={table?.report ?? 'sales'} range={range} />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3 border border-hairline bg-white p-3 text-sm">
        {table && <input type="hidden" name="report" value={table.report} />}
        <label>
          <span className="mb-1 block font-medium">From</span>
          <input type="date" name="from" defaultValue={query.from} className="field py-1.5 text-sm" required />
        </label>
        <label>
          <span className="mb-1 block font-medium">To</span>
          <input type="date" name="to" defaultValue={query.to} className="field py-1.5 text-sm" required />
        </label>
        <label hidden={!!table}>
          <span className="mb-1 block font-medium">By</span>
          <select name="by" defaultValue={query.by} className="field w-auto py-1.5 text-sm">
            <option value="day">Day</option>
            <option value="week">Week</option>
            <option value="month">Month</option>
          </select>
        </label>
        <button type="submit" className="btn-primary py-2" disabled={navigation.state !== 'idle'}>
          Show
        </button>
        <a href={csv} download className="py-2 text-primary underline">
          Download these rows (CSV)
        </a>
      </Form>
      {table ? <TableReportView report={table} /> : <SalesView query={query} sales={sales!} />}
    </>
  );
}

function SalesView({
  query,
  sales,
}: {
  query: Route.ComponentProps['loaderData']['query'];
  sales: NonNullable<Route.ComponentProps['loaderData']['sales']>;
}) {
  const t = sales.totals;
  return (
    <>
      <h2 className="mb-2 text-sm font-semibold">
        Sales {query.from} to {query.to}{' '}
        <span className="font-normal text-muted">
          (compared with {sales.previous.from} to {sales.previous.to}; days in the store’s time zone)
        </span>
      </h2>
      <dl className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="sales-totals">
        <div className="border border-hairline bg-white px-3 py-2">
          <dt className="text-xs text-muted">Orders</dt>
          <dd className="text-lg font-semibold tabular-nums">{t.orders.toLocaleString('en-US')}</dd>
          <dd className="text-xs text-muted">{change(t.orders, sales.previousTotals.orders)}</dd>
        </div>
        {FIGURES.map(([k, label]) => (
          <div key={k} className="border border-hairline bg-white px-3 py-2">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{money(t[k])}</dd>
            <dd className="text-xs text-muted">{change(t[k], sales.previousTotals[k])}</dd>
          </div>
        ))}
      </dl>
      {t.costUnknownLines > 0 && (
        <p className="mb-4 text-sm">
          {t.costUnknownLines.toLocaleString('en-US')} {t.costUnknownLines === 1 ? 'line has' : 'lines have'} no
          recorded cost: {t.costUnknownLines === 1 ? 'it is' : 'they are'} left out of cost and margin, not counted as
          free.
        </p>
      )}

      <figure className="mb-4 border border-hairline bg-white p-3">
        <figcaption className="mb-2 text-sm font-medium">
          Net sales by {query.by} (the table below has the figures)
        </figcaption>
        {sales.rows.length === 0 ? (
          <p className="text-sm text-muted">No sales in these days.</p>
        ) : (
          <Suspense fallback={<div className="h-56" />}>
            <BarsChart bars={sales.rows.map((r) => ({ label: r.period, cents: r.netCents }))} name="Net sales" />
          </Suspense>
        )}
      </figure>

      <ListTable
        caption={`Sales by ${query.by}`}
        columns={[
          'Period',
          'Orders',
          'Gross',
          'Reductions and codes',
          'Refunds',
          'Net',
          'Cost',
          'Margin',
          'Cost unknown',
        ]}
        rows={sales.rows.length}
        empty="No sales in these days."
        minWidth={900}
      >
        {sales.rows.map((r) => (
          <tr key={r.period} className="border-b border-hairline text-sm tabular-nums last:border-0">
            <td className="px-3 py-2">{r.period}</td>
            <td className="px-3 py-2 text-right">{r.orders}</td>
            <td className="px-3 py-2 text-right">{money(r.grossCents)}</td>
            <td className="px-3 py-2 text-right">{money(r.saleCents + r.codeCents)}</td>
            <td className="px-3 py-2 text-right">{money(r.refundsCents)}</td>
            <td className="px-3 py-2 text-right font-medium">{money(r.netCents)}</td>
            <td className="px-3 py-2 text-right">{money(r.costCents)}</td>
            <td className="px-3 py-2 text-right">{money(r.marginCents)}</td>
            <td className="px-3 py-2 text-right">{r.costUnknownLines}</td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
