import { useMemo, useState } from 'react';
import { Form, useNavigate, useNavigation, useOutletContext, useRevalidator, useSearchParams } from 'react-router';
import { can, ORDER_STATUSES, STATUS_LABELS, type StaffMe } from '@facet/contracts/admin';
import type { Route } from './+types/orders';
import { Pagination } from '~/components/ui/pagination.tsx';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { OrdersTable } from '~/features/admin/orders/orders-table.tsx';
import { BulkActions } from '~/features/admin/orders/bulk-actions.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { queryFrom, useHrefWith } from '~/features/admin/shared/list-params.ts';

const KEEP = ['q', 'status', 'payment', 'from', 'to', 'sort', 'page'];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /orders', { query: queryFrom(request, KEEP) });
}

export const ErrorBoundary = AdminRouteError;

/** The same filters and sort as the page, every page of them. */
const csvQuery = (params: URLSearchParams) => {
  const q = new URLSearchParams(params);
  q.delete('page');
  return q;
};

export default function AdminOrders({ loaderData: list }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const busy = useNavigation().state === 'loading';
  const hrefWith = useHrefWith('/admin/orders');
  const filtered = ['q', 'status', 'payment', 'from', 'to'].some((k) => params.get(k));
  const me = useOutletContext<StaffMe>();
  const { revalidate } = useRevalidator();
  // Chosen orders stay chosen across pages and filters until the step is taken or cleared.
  const [chosen, setChosen] = useState<string[]>([]);
  const selection = useMemo(
    () => ({
      chosen: new Set(chosen),
      toggle: (numbers: string[], on: boolean) =>
        setChosen((c) =>
          on ? [...c, ...numbers.filter((n) => !c.includes(n))] : c.filter((n) => !numbers.includes(n)),
        ),
    }),
    [chosen],
  );

  return (
    <>
      <AdminHeading title="Orders">
        <div className="flex items-center gap-4 text-sm">
          <p className="text-muted" aria-live="polite">
            {list.count.toLocaleString()}
            {list.countCapped ? '+ orders' : list.count === 1 ? ' order' : ' orders'}
          </p>
          <a href={`/api/admin/orders.csv?${csvQuery(params)}`} download className="text-primary underline">
            Export CSV
          </a>
        </div>
      </AdminHeading>
      <Form
        method="get"
        className="mb-4 grid grid-cols-2 gap-3 border border-hairline bg-white p-3 sm:grid-cols-3 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]"
      >
        <label className="col-span-2 text-xs text-muted sm:col-span-3 lg:col-span-1">
          Search
          <input
            type="search"
            name="q"
            defaultValue={params.get('q') ?? ''}
            placeholder="Order number, e-mail, name, stone number"
            className="field mt-1 py-2"
          />
        </label>
        <label className="text-xs text-muted">
          Status
          <select name="status" defaultValue={params.get('status') ?? ''} className="field mt-1 py-2">
            <option value="">Any</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs text-muted">
          Payment
          <select name="payment" defaultValue={params.get('payment') ?? ''} className="field mt-1 py-2">
            <option value="">Any</option>
            <option value="paid">Paid</option>
            <option value="partially_refunded">Partly refunded</option>
            <option value="refunded">Refunded</option>
          </select>
        </label>
        <label className="text-xs text-muted">
          From
          <input type="date" name="from" defaultValue={params.get('from') ?? ''} className="field mt-1 py-2" />
        </label>
        <label className="text-xs text-muted">
          To
          <input type="date" name="to" defaultValue={params.get('to') ?? ''} className="field mt-1 py-2" />
        </label>
        {params.get('sort') && <input type="hidden" name="sort" value={params.get('sort')!} />}
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary py-2">
            Apply
          </button>
          {filtered && (
            <button type="button" className="btn-secondary py-2" onClick={() => navigate('/admin/orders')}>
              Clear
            </button>
          )}
        </div>
      </Form>
      {list.rows.length === 0 ? (
        <div className="border border-hairline bg-white p-10 text-center">
          <p className="font-medium">{filtered ? 'No orders match these filters.' : 'No orders yet.'}</p>
          <p className="mt-1 text-sm text-muted">
            {filtered ? 'Widen the dates or clear the search.' : 'Orders appear here the moment a customer places one.'}
          </p>
        </div>
      ) : (
        <div className={busy ? 'opacity-60' : ''}>
          <BulkActions
            chosen={chosen}
            rows={list.rows}
            canMove={can(me.role, 'orders:fulfil')}
            onClear={() => setChosen([])}
            onDone={revalidate}
          />
          <OrdersTable
            rows={list.rows}
            sort={params.get('sort') ?? 'placed-desc'}
            onSort={(sort) => navigate(hrefWith({ sort }), { preventScrollReset: true })}
            selection={selection}
          />
        </div>
      )}
      <Pagination
        page={list.page}
        pageSize={list.pageSize}
        count={list.count}
        more={list.countCapped}
        hrefFor={(p) => hrefWith({ page: p > 1 ? String(p) : null })}
      />
    </>
  );
}
