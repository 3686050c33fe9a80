import { Form, Link, useSearchParams } from 'react-router';
import { formatMoney } from '@facet/contracts/money';
import type { Route } from './+types/customers';
import { Pagination } from '~/components/ui/pagination.tsx';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { queryFrom } from '~/features/admin/shared/list-params.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /customers', { query: queryFrom(request, ['q', 'page']) });
}
export const ErrorBoundary = AdminRouteError;

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export default function AdminCustomers({ loaderData: list }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <>
      <AdminHeading title="Customers">
        <p className="text-sm text-muted">{list.count.toLocaleString()} accounts</p>
      </AdminHeading>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3 border border-hairline bg-white p-3">
        <label className="min-w-[16rem] flex-1 text-xs text-muted">
          Search
          <input
            type="search"
            name="q"
            defaultValue={params.get('q') ?? ''}
            placeholder="Name or e-mail"
            className="field mt-1 py-2"
          />
        </label>
        <button type="submit" className="btn-primary py-2">
          Search
        </button>
      </Form>
      <ListTable
        caption="Customer accounts, newest first"
        columns={['Customer', 'Since', 'Orders', 'Spent']}
        rows={list.rows.length}
        empty="No customers match."
        minWidth={640}
      >
        {list.rows.map((c) => (
          <tr key={c.id} className="border-b border-hairline last:border-0">
            <td className="px-3 py-2">
              <Link
                to={`/admin/customers/${c.id}`}
                className="font-medium text-primary underline-offset-2 hover:underline"
              >
                {`${c.firstName} ${c.lastName}`.trim() || c.email}
              </Link>
              <span className="block text-xs text-muted">
                {c.email}
                {c.verified ? '' : ' · not verified'}
              </span>
            </td>
            <td className="px-3 py-2">{day.format(new Date(c.createdAt))}</td>
            <td className="px-3 py-2">{c.orders}</td>
            <td className="px-3 py-2">{formatMoney(c.spentCents, { exact: true })}</td>
          </tr>
        ))}
      </ListTable>
      <Pagination
        page={list.page}
        pageSize={list.pageSize}
        count={list.count}
        hrefFor={(p) => {
          const n = new URLSearchParams(params);
          n.set('page', String(p));
          return `/admin/customers?${n}`;
        }}
      />
    </>
  );
}
