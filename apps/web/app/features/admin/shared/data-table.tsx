import { ArrowDown, ArrowUp } from '~/components/icons.tsx';
import { rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import type { ReactTable, RowData, SortingState } from '@tanstack/react-table';

/** The features every back-office table uses: sorting by header (done by the server). */
export const features = tableFeatures({ rowSortingFeature });

/** "placed-desc" ⇄ [{ id: 'placed', desc: true }]: the URL's sort as the table's sorting state. */
export const sortingOf = (sort: string): SortingState => {
  const i = sort.lastIndexOf('-');
  return [{ id: sort.slice(0, i), desc: sort.slice(i + 1) === 'desc' }];
};
export const sortOf = (s: SortingState[number]) => `${s.id}-${s.desc ? 'desc' : 'asc'}`;

/**
 * The table options of a list the server sorts: the URL's sort is the table's state, and a header
 * click becomes a new URL sort (`toSort` maps a column's direction when the API knows only one).
 */
export function serverSorting(
  sort: string,
  onSort: (sort: string) => void,
  fallback: SortingState[number],
  toSort: (s: SortingState[number]) => string = sortOf,
) {
  const sorting = sortingOf(sort);
  return {
    state: { sorting },
    manualSorting: true,
    onSortingChange: (updater: SortingState | ((old: SortingState) => SortingState)) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      onSort(toSort(next[0] ?? fallback));
    },
  };
}

/**
 * A back-office table: the server sorts and pages, this renders the page with sortable headers
 * (buttons, with aria-sort on the column) and rows.
 */
export function DataTable<T extends RowData>({
  table,
  caption,
  minWidth = 720,
}: {
  table: ReactTable<typeof features, T>;
  caption: string;
  minWidth?: number;
}) {
  return (
    <div className="relative overflow-x-auto border border-hairline bg-white">
      <table className="w-full text-sm" style={{ minWidth }}>
        <caption className="sr-only">{caption}</caption>
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
