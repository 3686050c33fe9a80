import type { ReactNode } from 'react';
import { TableHead } from './table-head.tsx';

/**
 * A back-office list: its rows in a bordered table that scrolls sideways on a phone, headed by
 * `columns` (an empty one is read as "Actions") and named for screen readers by `caption`; or, with
 * no rows, `empty` in the same frame — what the list will hold and how to start it.
 */
export function ListTable({
  caption,
  columns,
  rows,
  empty,
  minWidth,
  scrollable,
  children,
}: {
  caption: string;
  columns: readonly string[];
  /** How many rows the page has (0: the empty state). */
  rows: number;
  empty: ReactNode;
  /** Below this width (px) the table scrolls instead of squeezing its columns. */
  minWidth?: number;
  /** A wide table that may scroll sideways: its frame takes the keyboard's focus (arrow keys scroll it). */
  scrollable?: boolean;
  children: ReactNode;
}) {
  if (rows === 0) return <p className="border border-hairline bg-white p-10 text-center text-sm">{empty}</p>;
  return (
    // relative: screen-reader-only texts in the cells are clipped with the table, not left sticking out of the page
    <div
      className="relative overflow-x-auto border border-hairline bg-white"
      {...(scrollable ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <table className="w-full text-sm" style={minWidth ? { minWidth } : undefined}>
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
