import { Link } from 'react-router';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import type { AdminProductRow } from '@facet/contracts/admin-catalogue';
import { formatMoney } from '@facet/contracts/money';
import { DataTable, features, serverSorting, sortOf } from '../shared/data-table.tsx';

const col = createColumnHelper<typeof features, AdminProductRow>();
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const columns = col.columns([
  col.accessor('description', {
    id: 'name',
    header: 'Product',
    cell: (c) => {
      const r = c.row.original;
      return (
        <span className="flex items-center gap-3">
          <img
            src={r.image}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="h-10 w-10 shrink-0 bg-panel object-cover"
          />
          <span className="min-w-0">
            <Link
              to={`/admin/products/${r.id}`}
              className="block max-w-[22rem] truncate font-medium text-primary underline-offset-2 hover:underline"
            >
              {r.description}
            </Link>
            <span className="block text-xs text-muted">
              Style {r.series} · {r.variantCount} {r.variantCount === 1 ? 'variant' : 'variants'}
              {r.configurable ? ' · made to order' : ''}
            </span>
          </span>
        </span>
      );
    },
  }),
  col.accessor('category', { header: 'Category', enableSorting: false }),
  col.accessor('minPriceCents', {
    id: 'price',
    header: 'From',
    cell: (c) => <span className="whitespace-nowrap">{formatMoney(c.getValue(), { exact: true })}</span>,
  }),
  col.accessor('photoCount', { header: 'Photos', enableSorting: false }),
  col.accessor('status', {
    header: 'State',
    enableSorting: false,
    cell: (c) =>
      c.getValue() === 'published' ? (
        <span className="text-xs font-medium text-primary">Published</span>
      ) : (
        <span className="inline-block border border-hairline bg-panel px-1.5 py-0.5 text-xs font-medium">
          {c.getValue() === 'archived' ? 'Archived' : 'Draft'}
        </span>
      ),
  }),
  col.accessor('updatedAt', {
    id: 'updated',
    header: 'Edited',
    cell: (c) => (c.getValue() ? day.format(new Date(c.getValue()!)) : <span className="text-muted">—</span>),
  }),
]);

/** Product groups, a page at a time: the server sorts and pages, header clicks change the URL's sort. */
export function ProductsTable({
  rows,
  sort,
  onSort,
}: {
  rows: AdminProductRow[];
  sort: string;
  onSort: (sort: string) => void;
}) {
  const table = useTable({
    features,
    columns,
    data: rows,
    // "Edited" sorts newest first only: the API has no oldest-edited order.
    ...serverSorting(sort, onSort, { id: 'name', desc: false }, (s) =>
      s.id === 'updated' ? 'updated-desc' : sortOf(s),
    ),
  });
  return <DataTable table={table} caption="Products" />;
}
