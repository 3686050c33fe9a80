import { Link } from 'react-router';
import { ArrowDown, ArrowUp } from 'lucide-react';
import {
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type SortingState,
} from '@tanstack/react-table';
import type { AdminOrderRow, OrderStatus } from '@facet/contracts/admin';
import { formatMoney } from '@facet/contracts/money';
import { StatusBadge } from './status-badge.tsx';

// The server sorts and pages (100,000 orders do not come to the browser): the table renders the
// page and turns header clicks into the URL's sort.
const features = tableFeatures({ rowSortingFeature });
const col = createColumnHelper<typeof features, AdminOrderRow>();
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const columns = col.columns([
  col.accessor('number', {
    header: 'Order',
    enableSorting: false,
    cell: (c) => (
      <Link
        to={`/admin/orders/${c.getValue()}`}
        className="font-medium text-primary underline-offset-2 hover:underline"
      >
        {c.getValue()}
      </Link>
    ),
  }),
  col.accessor('placedAt', { id: 'placed', header: 'Placed', cell: (c) => when.format(new Date(c.getValue())) }),
  col.accessor('customerName', {
    header: 'Customer',
    enableSorting: false,
    cell: (c) => (
      <span className="block max-w-[16rem] truncate">
        {c.getValue()}
        <span className="block truncate text-xs text-muted">{c.row.original.email}</span>
      </span>
    ),
  }),
  col.accessor('itemCount', { header: 'Items', enableSorting: false }),
  col.accessor('totalCents', {
    id: 'total',
    header: 'Total',
    cell: (c) => (
      <span className="whitespace-nowrap">
        {formatMoney(c.getValue(), { exact: true })}
        {c.row.original.refundedCents > 0 && (
          <span className="block text-xs text-muted">
            −{formatMoney(c.row.original.refundedCents, { exact: true })} refunded
          </span>
        )}
      </span>
    ),
  }),
  col.accessor('status', {
    header: 'Status',
    enableSorting: false,
    cell: (c) => <StatusBadge status={c.getValue() as OrderStatus} />,
  }),
]);

/** "placed-desc" ⇄ [{ id: 'placed', desc: true }] */
export const sortingOf = (sort: string): SortingState => {
  const [id, dir] = sort.split('-');
  return [{ id: id!, desc: dir === 'desc' }];
};

export function OrdersTable({
  rows,
  sort,
  onSort,
}: {
  rows: AdminOrderRow[];
  sort: string;
  onSort: (sort: string) => void;
}) {
  const sorting = sortingOf(sort);
  const table = useTable({
    features,
    columns,
    data: rows,
    state: { sorting },
    manualSorting: true,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const s = next[0] ?? { id: 'placed', desc: true };
      onSort(`${s.id}-${s.desc ? 'desc' : 'asc'}`);
    },
  });
  return (
    <div className="overflow-x-auto border border-hairline bg-white">
      <table className="w-full min-w-[720px] text-sm">
        <caption className="sr-only">Orders</caption>
        <thead className="border-b border-hairline bg-panel text-left text-xs uppercase tracking-wider text-muted">
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id}>
              {g.headers.map((h) => {
                const dir = h.column.getIsSorted();
                return (
                  <th
                    key={h.id}
                    scope="col"
                    className="px-3 py-2 font-medium"
                    aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                  >
                    {h.column.getCanSort() ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 uppercase tracking-wider hover:text-ink"
                        onClick={h.column.getToggleSortingHandler()}
                      >
                        <table.FlexRender header={h} />
                        {dir === 'asc' ? (
                          <ArrowUp aria-hidden="true" className="h-3 w-3" />
                        ) : dir === 'desc' ? (
                          <ArrowDown aria-hidden="true" className="h-3 w-3" />
                        ) : null}
                      </button>
                    ) : (
                      <table.FlexRender header={h} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((r) => (
            <tr key={r.id} className="border-b border-hairline last:border-0 hover:bg-panel">
              {r.getAllCells().map((c) => (
                <td key={c.id} className="px-3 py-2 align-top">
                  <table.FlexRender cell={c} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
