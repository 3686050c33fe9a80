// npm run import -- diamonds <file> --supplier <code> [--dry-run] [--full] [--report errors.csv]
//
// Imports a supplier's diamond feed (CSV/TSV as suppliers upload it) into the catalogue: on a
// stopped store with the embedded database, or on PostgreSQL while the store runs. Exit 0 with a
// report when rows were refused; non-zero when the file cannot be used at all.
import { createReadStream, statSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { csvRow } from '../csv.ts';
import { UnusableFeed } from '../modules/feeds/diamond-feed.ts';
import { importDiamondFeed } from '../modules/feeds/import-diamonds.ts';

const USAGE = `Usage:
  npm run import -- diamonds <file> --supplier <code> [--dry-run] [--full] [--report errors.csv]`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      supplier: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      full: { type: 'boolean', default: false },
      report: { type: 'string' },
    },
  });
  const [kind, file] = positionals;
  if (kind !== 'diamonds' || !file || !values.supplier || !/^[A-Z0-9_-]{2,20}$/i.test(values.supplier)) {
    console.error(USAGE);
    return 2;
  }
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    console.error(`Cannot read ${file}.`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  const started = Date.now();
  let last = 0;
  try {
    await database.exclusive(() => database.migrate());
    const report = await importDiamondFeed(database.db, () => createReadStream(file), {
      supplier: values.supplier.toUpperCase(),
      dryRun: values['dry-run'],
      full: values.full,
      onProgress: (rows) => {
        if (Date.now() - last < 1_000 || !process.stderr.isTTY) return;
        last = Date.now();
        const rate = Math.round(rows / ((Date.now() - started) / 1000));
        process.stderr.write(`\r${rows.toLocaleString()} rows checked · ${rate.toLocaleString()} rows/s   `);
      },
    });
    if (process.stderr.isTTY) process.stderr.write('\n');
    const s = (Date.now() - started) / 1000;
    console.log(
      [
        `${report.dryRun ? 'Dry run — nothing written' : 'Applied'}: ${file} (${(size / 1e6).toFixed(1)} MB) for ${report.supplier} in ${s.toFixed(1)} s`,
        `  rows ${report.rows} · listable ${report.stones} · not available ${report.unlisted} · refused ${report.rowsWithErrors}`,
        `  new ${report.added} · price changed ${report.priceChanged} · grade changed ${report.gradeChanged} · unchanged ${report.unchanged} · withdrawn ${report.withdrawn}${report.full ? ' (full feed)' : ''}`,
        `  priced from: total ${report.priceForms.total} · per carat ${report.priceForms['per-carat']} · discount ${report.priceForms.discount}${report.unpriced ? ` · no markup rule ${report.unpriced}` : ''}`,
        ...(report.lockedCount
          ? [
              `  not changed because sold, reserved or held: ${report.lockedCount} (${report.locked
                .slice(0, 5)
                .map((l) => `${l.stock} ${l.status}`)
                .join(', ')}${report.lockedCount > 5 ? ', …' : ''})`,
            ]
          : []),
        ...(report.unknownColumns.length ? [`  columns not used: ${report.unknownColumns.join(', ')}`] : []),
        ...report.errors.slice(0, 10).map((e) => `  line ${e.line}: ${e.column} "${e.value}": ${e.reason}`),
        ...(report.errors.length > 10 ? [`  … ${report.rowsWithErrors - 10} more refused rows`] : []),
      ].join('\n'),
    );
    if (values.report) {
      writeFileSync(
        values.report,
        csvRow(['line', 'column', 'value', 'reason']) +
          report.errors.map((e) => csvRow([e.line, e.column, e.value, e.reason])).join(''),
      );
      console.log(`  the first ${report.errors.length} errors are in ${values.report}`);
    }
    return 0;
  } catch (err) {
    if (err instanceof UnusableFeed) {
      console.error(`This file cannot be imported: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
