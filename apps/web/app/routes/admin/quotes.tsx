import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '@facet/contracts/money';
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, type QuoteStatus } from '@facet/contracts/quotes';
import type { Route } from './+types/quotes';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /quotes');
}
export const ErrorBoundary = AdminRouteError;

const dayText = (d: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${d}T12:00:00Z`),
  );

/** Commissions quoted, the most recently changed first. */
export default function AdminQuotes({ loaderData: all }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const status = QUOTE_STATUSES.find((x) => x === params.get('status')) ?? null;
  const list = status ? all.filter((q) => q.status === status) : all;
  const count = (x: QuoteStatus) => all.filter((q) => q.status === x).length;
  const chip = (on: boolean) =>
    `border px-3 py-1 ${on ? 'border-primary bg-secondary/50 font-medium' : 'border-hairline bg-white'}`;
  return (
    <>
      <AdminHeading title="Quotes">
        <Link to="/admin/quotes/new" className="btn-primary px-4 py-2">
          New quote
        </Link>
      </AdminHeading>
      <nav aria-label="Quotes by status" className="mb-3 flex flex-wrap gap-2 text-sm">
        <Link to="/admin/quotes" aria-current={status === null ? 'page' : undefined} className={chip(status === null)}>
          All ({all.length})
        </Link>
        {QUOTE_STATUSES.map((x) => (
          <Link
            key={x}
            to={`/admin/quotes?status=${x}`}
            aria-current={status === x ? 'page' : undefined}
            className={chip(status === x)}
          >
            {QUOTE_STATUS_LABELS[x]} ({count(x)})
          </Link>
        ))}
      </nav>
      <ListTable
        caption="Quotes, most recently changed first"
        columns={['Quote', 'Customer', 'Status', 'Open until', 'Total', 'Deposit', 'Order']}
        rows={list.length}
        empty={
          status
            ? `No ${QUOTE_STATUS_LABELS[status].toLowerCase()} quotes.`
            : 'No quotes yet. A quote holds its stones for the customer and takes a deposit when accepted.'
        }
        minWidth={820}
      >
        {list.map((q) => (
          <tr key={q.number} className="border-b border-hairline last:border-0" data-testid="quote-row">
            <td className="whitespace-nowrap px-3 py-2">
              <Link to={`/admin/quotes/${q.number}`} className="font-medium text-primary underline">
                {q.number}
              </Link>
              <span className="ml-1 text-xs text-muted">v{q.version}</span>
            </td>
            <td className="px-3 py-2">
              {q.name}
              <span className="block text-xs text-muted">{q.email}</span>
            </td>
            <td className={`px-3 py-2 ${q.status === 'expired' ? 'text-danger' : ''}`}>
              {QUOTE_STATUS_LABELS[q.status]}
            </td>
            <td className="whitespace-nowrap px-3 py-2">
              {q.status === 'draft' || q.status === 'sent' || q.status === 'expired' ? dayText(q.expiresOn) : '—'}
            </td>
            <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
              {formatMoney(q.totalCents, { exact: true })}
            </td>
            <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
              {formatMoney(q.depositCents, { exact: true })}
            </td>
            <td className="whitespace-nowrap px-3 py-2">
              {q.orderNumber ? (
                <Link to={`/admin/orders/${q.orderNumber}`} className="underline">
                  {q.orderNumber}
                </Link>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
