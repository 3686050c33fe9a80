import { Form, Link, useNavigate, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/products';
import { Pagination } from '~/components/ui/pagination.tsx';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { ProductsTable } from '~/features/admin/catalogue/products-table.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { queryFrom, useHrefWith } from '~/features/admin/shared/list-params.ts';
import { CategoryOptions } from '~/features/admin/shared/category-options.tsx';

const KEEP = ['q', 'category', 'status', 'sort', 'page'];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /products', { query: queryFrom(request, KEEP) });
}
export const ErrorBoundary = AdminRouteError;

export default function AdminProducts({ loaderData: list }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const busy = useNavigation().state === 'loading';
  const hrefWith = useHrefWith('/admin/products');
  const filtered = ['q', 'category', 'status'].some((k) => params.get(k));

  return (
    <>
      <AdminHeading title="Products">
        <div className="flex items-center gap-4">
          <p className="text-sm text-muted" aria-live="polite">
            {list.count.toLocaleString()} {list.count === 1 ? 'design' : 'designs'}
          </p>
          <Link to="/admin/products/new" className="btn-primary py-1.5 text-sm">
            New design
          </Link>
        </div>
      </AdminHeading>
      <Form
        method="get"
        className="mb-4 grid grid-cols-2 gap-3 border border-hairline bg-white p-3 lg:grid-cols-[2fr_1.4fr_1fr_auto]"
      >
        <label className="col-span-2 text-xs text-muted lg:col-span-1">
          Search
          <input
            type="search"
            name="q"
            defaultValue={params.get('q') ?? ''}
            placeholder="Name, style number or SKU"
            className="field mt-1 py-2"
          />
        </label>
        <label className="text-xs text-muted">
          Category
          <select name="category" defaultValue={params.get('category') ?? ''} className="field mt-1 py-2">
            <option value="">Any</option>
            <CategoryOptions categories={list.categories} />
          </select>
        </label>
        <label className="text-xs text-muted">
          State
          <select name="status" defaultValue={params.get('status') ?? ''} className="field mt-1 py-2">
            <option value="">Any</option>
            <option value="published">Published</option>
            <option value="draft">Draft</option>
            <option value="archived">Archived</option>
          </select>
        </label>
        {params.get('sort') && <input type="hidden" name="sort" value={params.get('sort')!} />}
        <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
          <button type="submit" className="btn-primary py-2">
            Apply
          </button>
          {filtered && (
            <button type="button" className="btn-secondary py-2" onClick={() => navigate('/admin/products')}>
              Clear
            </button>
          )}
        </div>
      </Form>
      {list.rows.length === 0 ? (
        <div className="border border-hairline bg-white p-10 text-center">
          <p className="font-medium">{filtered ? 'No designs match these filters.' : 'The catalogue is empty.'}</p>
          <p className="mt-1 text-sm text-muted">
            {filtered
              ? 'Try part of the name, or clear the filters.'
              : 'Start with “New design”, or import a supplier’s product feed.'}
          </p>
        </div>
      ) : (
        <div className={busy ? 'opacity-60' : ''}>
          <ProductsTable
            rows={list.rows}
            sort={params.get('sort') ?? 'name-asc'}
            onSort={(sort) => navigate(hrefWith({ sort }), { preventScrollReset: true })}
          />
        </div>
      )}
      <Pagination
        page={list.page}
        pageSize={list.pageSize}
        count={list.count}
        hrefFor={(p) => hrefWith({ page: p > 1 ? String(p) : null })}
      />
    </>
  );
}
