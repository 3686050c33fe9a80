import { formatMoney } from '@facet/contracts/money';
import type { ReportColumn, ReportTable } from '@facet/contracts/reports';
import { ListTable } from '~/features/admin/shared/list-table.tsx';

type Row = ReportTable['rows'][number];

/** A figure as the owner reads it: dollars, a count, a rate, or the words themselves. */
export function cellText(c: ReportColumn, v: Row[string] | undefined) {
  if (v === null || v === undefined) return c.kind === 'money' ? 'unknown' : '';
  if (typeof v === 'string') return v;
  if (c.kind === 'money') return formatMoney(v);
  if (c.kind === 'percent') return `${v} %`;
  return v.toLocaleString('en-US');
}

/** A report's rows (and totals) under their columns; numbers right-aligned, in tabular figures. */
export function ReportRows({
  caption,
  columns,
  rows,
  totals,
  empty,
}: {
  caption: string;
  columns: ReportColumn[];
  rows: Row[];
  totals?: Row | null;
  empty: string;
}) {
  const right = (c: ReportColumn) => (c.kind === 'text' ? '' : 'text-right');
  return (
    <ListTable
      caption={caption}
      columns={columns.map((c) => c.label)}
      rows={rows.length}
      empty={empty}
      minWidth={Math.max(480, columns.length * 100)}
      scrollable
    >
      {rows.map((r, i) => (
        <tr key={i} className="border-b border-hairline text-sm tabular-nums last:border-0">
          {columns.map((c) => (
            <td key={c.key} className={`px-3 py-2 ${right(c)}`}>
              {cellText(c, r[c.key])}
            </td>
          ))}
        </tr>
      ))}
      {totals && (
        <tr className="border-t-2 border-hairline bg-panel text-sm font-medium tabular-nums">
          {columns.map((c) => (
            <td key={c.key} className={`px-3 py-2 ${right(c)}`}>
              {cellText(c, totals[c.key])}
            </td>
          ))}
        </tr>
      )}
    </ListTable>
  );
}
