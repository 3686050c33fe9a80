// npm run import -- diamonds <file> --supplier <code> [--dry-run] [--full] [--report errors.csv]
// npm run import -- products <file-or-url> --supplier <code> [--dry-run] [--report errors.csv]
//
// Imports a supplier's diamond feed (CSV/TSV as suppliers upload it) or product feed (JSON pages
// in the shape of Stuller's products API, from a file or fetched page by page from a URL) into the
// catalogue: on a stopped store with the embedded database, or on PostgreSQL while the store runs.
// Exit 0 with a report when rows were refused; non-zero when the file cannot be used at all.
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { csvRow } from '../csv.ts';
import type { ImportProgress, ImportReport } from '../modules/feeds/index.ts';
import type { ProductImportReport } from '../modules/feeds/index.ts';
import { fetchProductPages } from '../modules/feeds/index.ts';
import { RefusedFetch } from '../modules/feeds/index.ts';
import { createRun, failRun, getRun, ImportBusy, runImport } from '../modules/imports/index.ts';
import { openMediaStore } from '../modules/media-store/index.ts';
import { askStoneMedia, mediaQueue } from '../modules/stone-media/index.ts';
import { jobsOn } from '../modules/jobs/index.ts';
import pino from 'pino';

const USAGE = `Usage:
  npm run import -- diamonds <file> --supplier <code> [--dry-run] [--full] [--report errors.csv]
  npm run import -- products <file-or-url> --supplier <code> [--dry-run] [--report errors.csv]`;

const BAR = 24;
/** `[#########·······] 41% · 41,000 / 100,000 rows · 9,800 rows/s · 120 refused · applying` */
function progressLine(p: ImportProgress, started: number): string {
  const rate = Math.round(p.rowsDone / Math.max(0.001, (Date.now() - started) / 1000));
  const share = p.rowsTotal ? Math.min(1, p.rowsDone / p.rowsTotal) : 0;
  const filled = Math.round(share * BAR);
  const bar = p.rowsTotal ? `[${'#'.repeat(filled)}${'·'.repeat(BAR - filled)}] ${Math.floor(share * 100)}% · ` : '';
  const of = p.rowsTotal ? ` / ${p.rowsTotal.toLocaleString('en-US')}` : '';
  return `${bar}${p.rowsDone.toLocaleString('en-US')}${of} rows · ${rate.toLocaleString('en-US')} rows/s · ${p.refused.toLocaleString('en-US')} refused · ${p.phase}   `;
}

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
  const [kind, source] = positionals;
  if (
    (kind !== 'diamonds' && kind !== 'products') ||
    !source ||
    !values.supplier ||
    !/^[A-Z0-9_-]{2,20}$/i.test(values.supplier) ||
    (kind === 'products' && values.full)
  ) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  let file = source;
  let fetchedDir: string | null = null;
  if (kind === 'products' && /^https?:\/\//i.test(source)) {
    // Every page of the feed into a file first: the import then reads it like any other.
    try {
      const pages = await fetchProductPages(source, {
        allow: config.FEED_FETCH_ALLOW,
        maxBytes: config.IMPORT_MAX_MB * 1024 * 1024,
        timeoutMs: 120_000,
      });
      if (pages.first.status !== 200) {
        console.error(`Cannot fetch ${source}: the supplier answered ${pages.first.status}.`);
        return 1;
      }
      fetchedDir = mkdtempSync(path.join(os.tmpdir(), 'facet-feed-'));
      file = path.join(fetchedDir, 'products.json');
      writeFileSync(file, pages.body);
      console.log(`Fetched ${pages.pages} page${pages.pages === 1 ? '' : 's'} from ${source}`);
    } catch (err) {
      console.error(`Cannot fetch ${source}: ${err instanceof RefusedFetch ? err.message : String(err)}`);
      return 1;
    }
  }
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    console.error(`Cannot read ${file}.`);
    return 2;
  }
  const database = await openDatabase(config);
  const started = Date.now();
  let last = 0;
  let runId: string | undefined;
  // Ctrl-C ends the run as failed, so the supplier is not left locked until the run is found silent.
  const interrupted = () => {
    void (runId ? failRun(database.db, runId, 'Stopped from the command line.') : Promise.resolve())
      .catch(() => {})
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    await database.exclusive(() => database.migrate());
    const run = await createRun(database.db, {
      supplier: values.supplier.toUpperCase(),
      kind,
      dryRun: values['dry-run'],
      full: values.full,
      source: 'cli',
      fileName: fetchedDir ? source.slice(0, 200) : path.basename(file),
      fileBytes: size,
    });
    runId = run.id;
    const report = await runImport(
      database.db,
      run.id,
      () => createReadStream(file),
      (p) => {
        if (Date.now() - last < 250 || !process.stderr.isTTY) return;
        last = Date.now();
        process.stderr.write(`\r${progressLine(p, started)}`);
      },
      { fetchAllow: config.FEED_FETCH_ALLOW, media: await openMediaStore(config, database.db) },
    );
    if (process.stderr.isTTY) process.stderr.write('\n');
    if (!report) {
      const ended = await getRun(database.db, run.id);
      console.error(`This file cannot be imported: ${ended.message ?? 'it was not imported.'}`);
      return 1;
    }
    // The stones' photographs are fetched by the store's background jobs (the running store's, or the
    // next start's), as after an upload in the back office.
    let photos = 0;
    if ('rows' in report && !report.dryRun) {
      const jobs = jobsOn(database, pino({ level: 'warn' }));
      try {
        photos = await askStoneMedia(database.db, await mediaQueue(jobs), report.supplier, run.id);
      } finally {
        await jobs.stop();
      }
    }
    const s = (Date.now() - started) / 1000;
    const head = `${report.dryRun ? 'Dry run — nothing written' : 'Applied'}: ${source} (${(size / 1e6).toFixed(1)} MB) for ${report.supplier} in ${s.toFixed(1)} s`;
    console.log(
      [
        'rows' in report ? diamondSummary(head, report, photos) : productSummary(head, report),
        ...errorLines(report),
      ].join('\n'),
    );
    if (values.report) {
      writeFileSync(
        values.report,
        csvRow(['rows' in report ? 'line' : 'product', 'column', 'value', 'reason']) +
          report.errors.map((e) => csvRow([e.line, e.column, e.value, e.reason])).join(''),
      );
      console.log(`  the first ${report.errors.length} errors are in ${values.report}`);
    }
    return 0;
  } catch (err) {
    if (err instanceof ImportBusy) {
      console.error(`${err.message} (import ${err.runId}, see /admin/imports)`);
      return 3;
    }
    if (runId)
      await failRun(database.db, runId, 'The import stopped on an error (see the command line).').catch(() => {});
    throw err;
  } finally {
    await database.close();
    if (fetchedDir) rmSync(fetchedDir, { recursive: true, force: true });
  }
}

function diamondSummary(head: string, report: ImportReport, photos: number): string {
  return [
    head,
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
    ...(photos
      ? [`  photographs to fetch: ${photos} (the store's background jobs fetch them; its import page shows how far)`]
      : []),
  ].join('\n');
}

function productSummary(head: string, report: ProductImportReport): string {
  return [
    head,
    `  products ${report.products} · refused ${report.rowsWithErrors}${report.unpriced ? ` · no markup rule ${report.unpriced}` : ''}`,
    `  designs ${report.designs}: new ${report.added} · changed ${report.changed} · unchanged ${report.unchanged} · waiting for a category ${report.waiting}`,
    ...(report.dryRun ? [] : [`  images fetched ${report.imagesFetched} · failed ${report.imagesFailed}`]),
    ...report.unmapped
      .slice(0, 10)
      .map(
        (u) =>
          `  no category yet: "${u.groupDescription}" (${u.designs} design${u.designs === 1 ? '' : 's'}) — place it on /admin/imports`,
      ),
    ...report.held.slice(0, 5).map((h) => `  kept unpublished: ${h.series}: ${h.reason}`),
  ].join('\n');
}

function errorLines(report: ImportReport | ProductImportReport): string[] {
  const unit = 'rows' in report ? 'line' : 'product';
  return [
    ...report.errors.slice(0, 10).map((e) => `  ${unit} ${e.line}: ${e.column} "${e.value}": ${e.reason}`),
    ...(report.errors.length > 10 ? [`  … ${report.rowsWithErrors - 10} more refused`] : []),
  ];
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
