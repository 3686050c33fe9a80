import type { Readable } from 'node:stream';
import { mapColumns, readDiamondRow, type Field, type FeedStone } from './diamond-row.ts';
import { readFeed, type FeedRow } from './read-feed.ts';
import { nulCell, unpacked, UnusableFeed } from './feed-bytes.ts';
import { StockCounter } from './stock-counter.ts';

// A whole diamond feed checked row by row, streamed twice: the first pass counts stock numbers
// (compactly: StockCounter), the second validates each row and hands the good ones on. A stock
// number that appears more than once refuses every row that has it (which one is right cannot be
// known); the rows the counter calls repeated are set aside and compared exactly at the end, so a
// hash collision never refuses a good row. Nothing here writes.

export const REPORT_ERRORS_MAX = 1_000;
const PROGRESS_EVERY = 500;
/** Rows parsed between two turns of the event loop: a shopper's request waits for at most this many. */
const YIELD_EVERY = 100;

export interface FeedError {
  line: number;
  column: string;
  value: string;
  reason: string;
}
export interface FeedReport {
  rows: number;
  stones: number;
  /** Rows the supplier marks not available (NA): skipped, not errors. */
  unlisted: number;
  rowsWithErrors: number;
  /** The first REPORT_ERRORS_MAX errors, in file order. */
  errors: FeedError[];
  priceForms: Record<FeedStone['priceForm'], number>;
  unknownColumns: string[];
}

export { UnusableFeed };

const REQUIRED: Field[] = ['stock', 'shape', 'carat', 'color', 'clarity'];

export async function checkDiamondFeed(
  open: () => Readable,
  opts: {
    mapping?: Record<string, Field>;
    onStone?: (stone: FeedStone, line: number) => Promise<void> | void;
    /** Every stock number the file names, valid row or not (a full feed withdraws only what it does not name). */
    onStock?: (stock: string) => void;
    /** Stock numbers the supplier marks not available. */
    onUnlisted?: (stock: string) => void;
    /** The number of rows, once the first pass has counted them. */
    onCounted?: (rows: number) => void;
    /** Rows checked so far and how many were refused, every PROGRESS_EVERY rows of the second pass. */
    onChecked?: (rows: number, refused: number) => void;
  } = {},
): Promise<FeedReport> {
  // Pass 1: how often each stock number appears.
  const seen = new StockCounter();
  let headers: string[] | null = null;
  let stockAt = -1;
  let counted = 0;
  for await (const row of readFeed(unpacked(open()))) {
    if (!headers) {
      headers = row.cells;
      stockAt = mapColumns(headers, opts.mapping).index.stock ?? -1;
      continue;
    }
    if (++counted % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    const stock = (row.cells[stockAt] ?? '').trim();
    // A stock number holding a NUL is no stock number (its row is refused in pass 2).
    if (stock && !stock.includes('\u0000')) {
      seen.add(stock);
      opts.onStock?.(stock);
    }
  }
  if (!headers) throw new UnusableFeed('The file is empty.');
  opts.onCounted?.(counted);
  const map = mapColumns(headers, opts.mapping);
  const missing = REQUIRED.filter((f) => map.index[f] === undefined);
  if (missing.length)
    throw new UnusableFeed(
      `No column for ${missing.join(', ')} among the headers (${headers.join(', ')}). Name them as suppliers usually do, or save a column mapping for this supplier.`,
    );
  if (map.index.totalPrice === undefined && map.index.pricePerCarat === undefined && map.index.discount === undefined)
    throw new UnusableFeed(
      'No price column: a feed needs a total price, a price per carat, or a discount with a list price.',
    );

  // Pass 2: every row.
  const report: FeedReport = {
    rows: 0,
    stones: 0,
    unlisted: 0,
    rowsWithErrors: 0,
    errors: [],
    priceForms: { total: 0, 'per-carat': 0, discount: 0 },
    unknownColumns: map.unknown,
  };
  // Errors in file order: the first REPORT_ERRORS_MAX of the rows read in order, plus the set-aside
  // rows' (sorted in at the end).
  const note = (line: number, e: Omit<FeedError, 'line'>, always = false) => {
    if (always || report.errors.length < REPORT_ERRORS_MAX) report.errors.push({ line, ...e });
  };
  const check = async (cells: string[], line: number, always = false) => {
    const nul = nulCell(cells, headers!);
    const r = nul ? ({ kind: 'errors', errors: [nul] } as const) : readDiamondRow(cells, map, headers!);
    if (r.kind === 'errors') {
      report.rowsWithErrors++;
      for (const e of r.errors) note(line, e, always);
    } else if (r.kind === 'unlisted') {
      report.unlisted++;
      opts.onUnlisted?.(r.stock);
    } else {
      report.stones++;
      report.priceForms[r.stone.priceForm]++;
      await opts.onStone?.(r.stone, line);
    }
  };
  const setAside: FeedRow[] = [];
  let first = true;
  for await (const row of readFeed(unpacked(open()))) {
    if (first) {
      first = false;
      continue;
    }
    report.rows++;
    if (report.rows % PROGRESS_EVERY === 0) opts.onChecked?.(report.rows, report.rowsWithErrors);
    // Parsed rows and the embedded database's answers arrive as microtasks: without a turn of the
    // event loop now and then, the store would answer no request until the import ended.
    if (report.rows % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    const stock = (row.cells[map.index.stock!] ?? '').trim();
    if (stock && seen.count(stock) > 1) setAside.push(row);
    else await check(row.cells, row.line);
  }
  // The rows the counter called repeated, compared exactly.
  const times = new Map<string, number>();
  const stockOf = (row: FeedRow) => (row.cells[map.index.stock!] ?? '').trim();
  for (const row of setAside) times.set(stockOf(row), (times.get(stockOf(row)) ?? 0) + 1);
  for (const row of setAside) {
    const stock = stockOf(row);
    const n = times.get(stock)!;
    if (n > 1) {
      report.rowsWithErrors++;
      note(
        row.line,
        {
          column: headers[map.index.stock!]!,
          value: stock,
          reason: `stock number ${stock} appears ${n} times in this file`,
        },
        true,
      );
    } else await check(row.cells, row.line, true);
  }
  if (setAside.length) {
    report.errors.sort((a, b) => a.line - b.line);
    report.errors.length = Math.min(report.errors.length, REPORT_ERRORS_MAX);
  }
  opts.onChecked?.(report.rows, report.rowsWithErrors);
  return report;
}
