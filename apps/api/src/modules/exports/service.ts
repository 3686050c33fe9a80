import { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { decimalPrice } from '@facet/contracts/money';
import type { ExportName } from '@facet/contracts/exports';
import { csvRow } from '../../csv.ts';
import { EXPORT_PAGES } from './repository.ts';

/** Rows read a page at a time: a 100,000-order store streams out without being held in memory. */
export const EXPORT_PAGE = 500;

/** A cents figure (a key ending in "Cents") reads as dollars in a spreadsheet, under its name without "Cents". */
const isCents = (k: string) => k.endsWith('Cents');
const csvHeader = (k: string) => (isCents(k) ? k.slice(0, -5) : k);
const csvValue = (k: string, v: unknown) =>
  v === null || v === undefined
    ? null
    : isCents(k) && typeof v === 'number'
      ? decimalPrice(v)
      : typeof v === 'object'
        ? JSON.stringify(v)
        : v;

/**
 * An export's text, a line at a time: CSV (a header, then a row a record, formulas neutralised) or
 * JSON lines (cents as integers). Pages are read as the answer is sent, so a slow reader slows the reads.
 */
export async function* exportText(
  db: Db,
  tz: string,
  name: ExportName,
  format: 'csv' | 'jsonl',
  pageSize = EXPORT_PAGE,
): AsyncGenerator<string> {
  let after = 0;
  let columns: string[] | null = null;
  for (;;) {
    const rows = await EXPORT_PAGES[name](db, after, pageSize, tz);
    if (rows.length === 0) return;
    for (const { key: _key, ...row } of rows) {
      if (format === 'jsonl') {
        yield `${JSON.stringify(row)}\n`;
        continue;
      }
      if (!columns) {
        columns = Object.keys(row);
        yield csvRow(columns.map(csvHeader));
      }
      yield csvRow(columns.map((k) => csvValue(k, row[k])));
    }
    after = Number(rows.at(-1)!.key);
  }
}

export const exportStream = (...args: Parameters<typeof exportText>) => Readable.from(exportText(...args));
