import { Link, useSearchParams } from 'react-router';
import { RETURN_STATUS_LABELS, RETURN_STATUSES } from '@facet/contracts/returns';
import type { Route } from './+types/returns';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';

const SHOWS = [
  ['open', 'Waiting for us'],
  ...RETURN_STATUSES.map((s) => [s, RETURN_STATUS_LABELS[s]] as const),
] as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const status = new URL(request.url).searchParams.get('status') ?? 'open';
  return adminLoad(request, 'GET /returns', { query: new URLSearchParams({ status }) });
}
export const ErrorBoundary = AdminRouteError;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Returns, oldest first: the ones waiting for a step by default. */
export default function AdminReturns({ loaderData: list }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const status = params.get('status') ?? 'open';
  return (
    <>
      <AdminHeading title="Returns">
        <p className="text-sm text-muted">
          {list.total}{' '}
          {status === 'open' ? 'waiting for a step' : RETURN_STATUS_LABELS[status as 'requested'].toLowerCase()}
        </p>
      </AdminHeading>
      <nav aria-label="Which returns" className="mb-4 flex flex-wrap gap-2">
        {SHOWS.map(([v, label]) => (
          <Link
            key={v}
            to={`/admin/returns?status=${v}`}
            aria-current={status === v ? 'page' : undefined}
            className={`rounded-sm border px-3 py-1.5 text-sm ${status === v ? 'border-ink bg-secondary' : 'border-hairline bg-white hover:border-muted'}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      <ListTable
        caption="Returns, oldest first"
        columns={['Return', 'Order', 'Customer', 'Items', 'Asked', 'Status']}
        rows={list.rows.length}
        empty={status === 'open' ? 'No returns are waiting.' : 'None.'}
        minWidth={760}
      >
        {list.rows.map((r) => (
          <tr key={r.number} className="border-b border-hairline last:border-0" data-testid="return-row">
            <td className="whitespace-nowrap px-3 py-2">
              <Link to={`/admin/returns/${r.number}`} className="font-medium text-primary underline">
                {r.number}
              </Link>
            </td>
            <td className="px-3 py-2">
              <Link to={`/admin/orders/${r.orderNumber}`} className="underline">
                {r.orderNumber}
              </Link>
            </td>
            <td className="px-3 py-2">
              {r.customer}
              <span className="block text-xs text-muted">{r.email}</span>
            </td>
            <td className="px-3 py-2">{r.items}</td>
            <td className="px-3 py-2 text-muted">{when.format(new Date(r.createdAt))}</td>
            <td className="px-3 py-2">{RETURN_STATUS_LABELS[r.status]}</td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
