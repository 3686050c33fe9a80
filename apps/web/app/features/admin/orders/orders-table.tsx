import { Link } from 'react-router';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import type { AdminOrderRow, OrderStatus } from '@facet/contracts/admin';
import { formatMoney } from '@facet/contracts/money';
import { StatusBadge } from '../shared/status-badge.tsx';
import { DataTable, features, serverSorting } from '../shared/data-table.tsx';

// The server sorts and pages (100,000 orders do not come to the browser): the table renders the
// page and turns header clicks into the URL's sort.
const col = createColumnHelper<typeof features, AdminOrderRow>();
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The rows chosen for a step taken on many at once. */
export interface Selection {
  chosen: ReadonlySet<string>;
  toggle: (numbers: string[], on: boolean) => void;
}

const columnsFor = (selection: Selection | null) =>
  col.columns([...(selection ? [selectColumn(selection)] : []), ...columns]);

const selectColumn = ({ chosen, toggle }: Selection) =>
  col.display({
    id: 'select',
    header: (h) => {
      const numbers = h.table.getRowModel().rows.map((r) => r.original.number);
      const all = numbers.length > 0 && numbers.every((n) => chosen.has(n));
      return (
        <input
          type="checkbox"
          aria-label="Select every order on this page"
          checked={all}
          onChange={(e) => toggle(numbers, e.target.checked)}
          className="h-4 w-4"
        />
      );
    },
    cell: (c) => (
      <input
        type="checkbox"
        aria-label={`Select ${c.row.original.number}`}
        checked={chosen.has(c.row.original.number)}
        onChange={(e) => toggle([c.row.original.number], e.target.checked)}
        className="h-4 w-4"
      />
    ),
  });

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

export function OrdersTable({
  rows,
  sort,
  onSort,
  selection = null,
}: {
  rows: AdminOrderRow[];
  sort: string;
  onSort: (sort: string) => void;
  /** With it, a checkbox on each row (staff who may move orders). */
  selection?: Selection | null;
}) {
  const table = useTable({
    features,
    columns: columnsFor(selection),
    data: rows,
    ...serverSorting(sort, onSort, { id: 'placed', desc: true }),
  });
  return <DataTable table={table} caption="Orders" />;
}
