import type { MediaStore } from '../media-store/index.ts';
import { Readable } from 'node:stream';
import { IMPORT_PIECE_BYTES, piecesOf, type ImportCreateBody, type ImportRun } from '@facet/contracts/admin-feeds';
import type { Db } from '../../db/client.ts';
import { AppError, NotFound, Unprocessable } from '../../errors.ts';
import { csvRow } from '../../csv.ts';
import { signatureOf, UnusableFeed } from '../feeds/index.ts';
import { mediaOfRun } from '../stone-media/index.ts';
import { importDiamondFeed, type ImportProgress, type ImportReport } from '../feeds/index.ts';
import { importProductFeed, importWaitingDesigns, type ProductImportReport } from '../feeds/index.ts';
import type { ImportKind, ImportReportAnswer, ProductImportReportAnswer } from '@facet/contracts/admin-feeds';
import { importsRepository as repo, type ImportRunRow, type ImportRunWithStaff } from './repository.ts';

// Supplier feed imports as runs: a run is created (at most one live per supplier), its file sent
// in pieces and stored in the database so any instance can read it, then a job runs it and writes
// its progress and report on the run. The CLI makes a run too, reading its file from disk.

export const IMPORT_QUEUE = 'feed-import';
/** How long a dry run's file stays for "apply this file". */
export const FILE_KEEP_DAYS = 7;
/** How often a run's progress is written (each write is one UPDATE). */
const PROGRESS_WRITE_MS = 500;
/** A running run with no progress written for this long has lost its process. */
export const SILENT_MS = 5 * 60_000;

export class ImportBusy extends AppError {
  readonly runId: string;
  constructor(supplier: string, runId: string) {
    super(409, `An import for ${supplier} is already running. Wait for it to finish, then try again.`, { runId });
    this.runId = runId;
  }
}

export interface NewRun {
  supplier: string;
  kind: ImportKind;
  dryRun: boolean;
  full: boolean;
  /** 'mapping': the designs that waited for a category the manager has just given (no file). */
  source: 'upload' | 'cli' | 'pull' | 'mapping';
  /** An upload starts in 'uploading' (its pieces still to come); anything else is queued at once. */
  state?: 'uploading' | 'queued';
  fileName: string;
  fileBytes?: number;
  fileRunId?: string | null;
  staffId?: number | null;
}

/** A queued run, or ImportBusy with the live run's id when the supplier already has one. */
export async function createRun(db: Db, input: NewRun): Promise<ImportRunRow> {
  const row = await repo.create(db, {
    supplierCode: input.supplier,
    kind: input.kind,
    dryRun: input.dryRun,
    full: input.full,
    source: input.source,
    fileName: input.fileName.slice(0, 200),
    fileBytes: input.fileBytes ?? 0,
    fileRunId: input.fileRunId ?? null,
    staffId: input.staffId ?? null,
    state: input.state ?? 'queued',
  });
  if (row) return row;
  const reaped = await repo.reapSilent(
    db,
    input.supplier,
    new Date(Date.now() - SILENT_MS),
    'The import stopped: the process running it ended before it finished. Run it again.',
  );
  const live = reaped ? null : await repo.live(db, input.supplier);
  // The live run ended between the insert and this read (or was found dead): the next attempt gets in.
  if (!live) return createRun(db, input);
  throw new ImportBusy(input.supplier, live.id);
}

/** A run for the designs that waited for their group's category: queued unless the supplier is busy (then the next import brings them). */
export async function createWaitingRun(db: Db, supplier: string, staffId: number | null): Promise<ImportRunRow | null> {
  try {
    return await createRun(db, {
      supplier,
      kind: 'products',
      dryRun: false,
      full: false,
      source: 'mapping',
      fileName: 'products waiting for a category',
      staffId,
    });
  } catch (err) {
    if (err instanceof ImportBusy) return null;
    throw err;
  }
}

/**
 * Why the bytes cannot be a feed, or null: a known archive or document (feeds/feed-bytes.ts says
 * which), or NUL bytes near the start outside a UTF-16 file. A gzip file passes: it is unpacked and
 * its contents judged as they stream.
 */
function notAFeed(head: Buffer): string | null {
  const sig = signatureOf(head);
  if (sig) return sig.what;
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)))
    return null;
  return head.subarray(0, 4096).includes(0) ? 'binary, not text' : null;
}

/** Starts an upload: refused at once when the file is over the store's limit. */
export async function startUpload(
  db: Db,
  body: ImportCreateBody & { dryRun: boolean },
  staffId: number,
  maxBytes: number,
) {
  if (body.fileBytes > maxBytes)
    throw new AppError(
      413,
      `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB. Split the feed, or import it with the command line (npm run import).`,
    );
  return createRun(db, {
    supplier: body.supplier,
    kind: body.kind,
    dryRun: body.dryRun,
    full: body.full ?? false,
    source: 'upload',
    state: 'uploading',
    fileName: body.fileName,
    fileBytes: body.fileBytes,
    staffId,
  });
}

async function uploading(db: Db, id: string): Promise<ImportRunWithStaff> {
  const run = await repo.get(db, id);
  if (!run) throw new NotFound('No such import.');
  if (run.state !== 'uploading') throw new AppError(409, 'This upload has ended. Start the upload again.');
  return run;
}

/** One piece of an upload: piece `seq` must be exactly its size (the last one the rest); the same piece again replaces it. */
export async function receivePiece(db: Db, id: string, seq: number, bytes: Buffer): Promise<void> {
  const run = await uploading(db, id);
  const pieces = piecesOf(run.fileBytes);
  if (seq >= pieces) throw new Unprocessable(`This file has ${pieces} pieces: there is no piece ${seq}.`);
  const expected = seq < pieces - 1 ? IMPORT_PIECE_BYTES : run.fileBytes - IMPORT_PIECE_BYTES * (pieces - 1);
  if (bytes.length !== expected)
    throw new Unprocessable(`Piece ${seq} should be ${expected} bytes; ${bytes.length} arrived. Send it again.`);
  const what = seq === 0 ? notAFeed(bytes) : null;
  if (what) {
    await cancelUpload(db, id, 'Not a CSV or TSV file.');
    throw new Unprocessable(
      run.kind === 'products'
        ? `This is not a JSON file (it is ${what}). Export the product feed as JSON and upload that.`
        : `This is not a CSV or TSV file (it is ${what}). Export the feed as CSV (comma, semicolon or tab separated) and upload that.`,
    );
  }
  await repo.putChunk(db, id, seq, bytes);
}

/** Every piece is in: the run is queued. Missing pieces are named. */
export async function finishUpload(db: Db, id: string): Promise<void> {
  const run = await uploading(db, id);
  const { pieces, bytes } = await repo.fileStats(db, id);
  const want = piecesOf(run.fileBytes);
  if (pieces !== want || bytes !== run.fileBytes)
    throw new Unprocessable(`${want - pieces} of ${want} pieces of the file have not arrived. Send them, then start.`);
  if (!(await repo.uploaded(db, id))) throw new AppError(409, 'This upload has ended. Start the upload again.');
}

/** Gives up an upload (the member cancelled, or its bytes were refused): failed, its pieces deleted. */
export async function cancelUpload(db: Db, id: string, message = 'Upload cancelled.'): Promise<void> {
  await uploading(db, id);
  await repo.finish(db, id, { state: 'failed', report: null, message });
  await repo.dropFile(db, id);
}

/** The run's stored file as a stream, read a few pieces at a time (never whole in memory). */
export function storedFile(db: Db, runId: string): () => Readable {
  return () =>
    Readable.from(
      (async function* () {
        let after = -1;
        for (;;) {
          const pieces = await repo.chunks(db, runId, after, 1);
          if (!pieces.length) return;
          for (const p of pieces) {
            yield p.bytes;
            after = p.seq;
          }
        }
      })(),
    );
}

/**
 * Runs an import: marks the run running, imports, writes progress as it goes and the report at
 * the end. An unusable file ends the run as failed with the reason; any other error is thrown
 * (the job is retried; the caller ends the run when it gives up).
 */
export async function runImport(
  db: Db,
  runId: string,
  open: () => Readable,
  onProgress: ((p: ImportProgress) => void) | undefined,
  opts: {
    media: MediaStore;
    fetchAllow?: readonly string[];
    pace?: () => Promise<void>;
    /** Work that belongs to the import but follows its rows (asking for the stones' photographs). */
    beforeDone?: () => Promise<unknown>;
  },
): Promise<ImportReport | ProductImportReport | null> {
  const run = await repo.begin(db, runId);
  if (!run) return null;
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  const progress = (p: ImportProgress) => {
    onProgress?.(p);
    const now = Date.now();
    if (now - lastWrite < PROGRESS_WRITE_MS && p.phase !== 'withdrawing') return;
    lastWrite = now;
    // One write at a time; a slow one is not queued behind by another.
    writing = writing.then(() =>
      repo
        .progress(db, runId, { phase: p.phase, rowsDone: p.rowsDone, rowsTotal: p.rowsTotal, errorsSoFar: p.refused })
        .catch(() => {}),
    );
  };
  try {
    const report =
      run.kind === 'diamonds'
        ? await importDiamondFeed(db, open, {
            supplier: run.supplierCode,
            dryRun: run.dryRun,
            full: run.full,
            onProgress: progress,
            pace: opts.pace,
          })
        : run.source === 'mapping'
          ? await importWaitingDesigns(db, {
              supplier: run.supplierCode,
              dryRun: false,
              fetchAllow: opts.fetchAllow,
              media: opts.media,
              onProgress: progress,
            })
          : await importProductFeed(db, open, {
              supplier: run.supplierCode,
              dryRun: run.dryRun,
              fetchAllow: opts.fetchAllow,
              media: opts.media,
              onProgress: progress,
            });
    await writing;
    // Before "done": the run's report never says done with photographs not yet asked for.
    if (!run.dryRun && opts.beforeDone) await opts.beforeDone();
    await repo.finish(db, runId, { state: 'done', report, message: null });
    if (!run.dryRun) {
      await repo.dropFile(db, runId);
      if (run.fileRunId) await repo.dropFile(db, run.fileRunId);
    }
    return report;
  } catch (err) {
    await writing;
    if (err instanceof UnusableFeed) {
      await repo.finish(db, runId, { state: 'failed', report: null, message: err.message });
      await repo.dropFile(db, runId);
      return null;
    }
    throw err;
  }
}

export async function failRun(db: Db, runId: string, message: string): Promise<void> {
  await repo.finish(db, runId, { state: 'failed', report: null, message });
}

export function toAnswer(r: ImportRunWithStaff): ImportRun {
  return {
    id: r.id,
    supplier: r.supplierCode,
    kind: r.kind as ImportRun['kind'],
    dryRun: r.dryRun,
    full: r.full,
    source: r.source,
    fileName: r.fileName,
    fileBytes: r.fileBytes,
    state: r.state,
    phase: r.phase,
    rowsTotal: r.rowsTotal,
    rowsDone: r.rowsDone,
    errorsSoFar: r.errorsSoFar,
    report: r.kind === 'diamonds' ? ((r.report as ImportReportAnswer | null) ?? null) : null,
    productReport: r.kind === 'products' ? ((r.report as ProductImportReportAnswer | null) ?? null) : null,
    message: r.message,
    staff: r.staffEmail,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    progressAt: r.beatAt.toISOString(),
    canApply: r.dryRun && r.state === 'done' && r.hasFile,
    media: null,
  };
}

export async function listRuns(db: Db, before?: Date): Promise<ImportRun[]> {
  return (await repo.list(db, 50, before)).map(toAnswer);
}

export async function getRun(db: Db, id: string): Promise<ImportRun> {
  const run = await repo.get(db, id);
  if (!run) throw new NotFound('No such import.');
  const answer = toAnswer(run);
  return run.kind === 'diamonds' && !run.dryRun && run.state === 'done'
    ? { ...answer, media: await mediaOfRun(db, id) }
    : answer;
}

/** The refused rows of a finished run, as the CSV staff download. */
export async function errorsCsv(db: Db, id: string): Promise<{ fileName: string; csv: string }> {
  const run = await getRun(db, id);
  const report = run.report ?? run.productReport;
  if (!report) throw new NotFound('This import has no report yet.');
  const csv =
    csvRow([run.kind === 'products' ? 'product' : 'line', 'column', 'value', 'reason']) +
    report.errors.map((e) => csvRow([e.line, e.column, e.value, e.reason])).join('');
  return { fileName: `${run.supplier}-${run.createdAt.slice(0, 10)}-errors.csv`, csv };
}

/** A new run that applies a finished dry run's file as it is. */
export async function applyDryRun(db: Db, id: string, staffId: number | null): Promise<ImportRunRow> {
  const dry = await repo.get(db, id);
  if (!dry) throw new NotFound('No such import.');
  if (!toAnswer(dry).canApply)
    throw new Unprocessable(
      dry.dryRun
        ? 'This dry run’s file is no longer kept (or it did not finish). Upload the file again.'
        : 'Only a finished dry run can be applied.',
    );
  return createRun(db, {
    supplier: dry.supplierCode,
    kind: dry.kind,
    dryRun: false,
    full: dry.full,
    source: dry.source,
    fileName: dry.fileName,
    fileBytes: dry.fileBytes,
    fileRunId: dry.id,
    staffId,
  });
}
