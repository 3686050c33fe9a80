import type { FastifyInstance } from 'fastify';
import { IMPORT_PIECE_BYTES, type SupplierFeed, type SupplierPullBody } from '@facet/contracts/admin-feeds';
import type { Db } from '../../db/client.ts';
import { fetchProductPages } from '../feeds/index.ts';
import { RefusedFetch, safeFetch } from '../feeds/index.ts';
import { supplierPulls, type SupplierRow } from '../feeds/index.ts';
import { createRun, finishUpload, ImportBusy, receivePiece } from './service.ts';
import { queueRun } from './worker.ts';

// Scheduled pulls: a supplier with a feed URL is fetched every so often by whichever instance
// claims it first. The fetch asks "changed since?" (If-None-Match / If-Modified-Since); an
// unchanged feed costs one request and no import. A changed one becomes a run like an upload.

const PULL_CHECK_MS = 30_000;

export type PullOutcome = 'none-due' | 'unchanged' | 'queued' | 'busy' | 'failed';

const toFeed = (s: SupplierRow): SupplierFeed => ({
  code: s.code,
  name: s.name,
  feedUrl: s.feedUrl,
  everyMinutes: s.pullEveryMinutes,
  full: s.feedFull,
  kind: s.feedKind,
  nextPullAt: s.nextPullAt?.toISOString() ?? null,
  lastPullAt: s.lastPullAt?.toISOString() ?? null,
  lastPullResult: s.lastPullResult,
});

export const supplierFeeds = async (db: Db) => (await supplierPulls.suppliers(db)).map(toFeed);
export const setSupplierPull = async (db: Db, code: string, body: SupplierPullBody) =>
  toFeed(await supplierPulls.setPull(db, code, body));

/** Pulls the most overdue supplier's feed, if one is due. */
export async function pullDue(app: FastifyInstance): Promise<PullOutcome> {
  const s = await supplierPulls.claimDuePull(app.db);
  if (!s?.feedUrl) return 'none-due';
  const maxBytes = app.config.IMPORT_MAX_MB * 1024 * 1024;
  let res;
  try {
    const opts = {
      allow: app.config.FEED_FETCH_ALLOW,
      maxBytes,
      timeoutMs: 120_000,
      headers: {
        ...(s.etag ? { 'if-none-match': s.etag } : {}),
        ...(s.lastModified ? { 'if-modified-since': s.lastModified } : {}),
      },
    };
    if (s.feedKind === 'products') {
      // Every page of the feed, as one file; the first page's validators stand for the whole.
      const pages = await fetchProductPages(s.feedUrl, opts);
      res = { ...pages.first, body: pages.body };
    } else res = await safeFetch(s.feedUrl, opts);
  } catch (err) {
    const why = err instanceof RefusedFetch ? err.message : 'the feed could not be reached';
    await supplierPulls.recordPull(app.db, s.id, { result: `Not fetched: ${why}` });
    return 'failed';
  }
  if (res.status === 304) {
    await supplierPulls.recordPull(app.db, s.id, { result: 'Unchanged since the last pull' });
    return 'unchanged';
  }
  if (res.status !== 200 || !res.body.length) {
    await supplierPulls.recordPull(app.db, s.id, { result: `Not fetched: the supplier answered ${res.status}` });
    return 'failed';
  }
  let runId: string;
  try {
    const run = await createRun(app.db, {
      supplier: s.code,
      kind: s.feedKind,
      dryRun: false,
      full: s.feedKind === 'diamonds' && s.feedFull,
      source: 'pull',
      state: 'uploading',
      fileName:
        new URL(res.url).pathname.split('/').pop() || (s.feedKind === 'products' ? 'products.json' : 'feed.csv'),
      fileBytes: res.body.length,
    });
    runId = run.id;
  } catch (err) {
    if (!(err instanceof ImportBusy)) throw err;
    // Not recorded as fetched: the next pull asks again.
    await supplierPulls.recordPull(app.db, s.id, { result: 'Skipped: an import for this supplier was running' });
    return 'busy';
  }
  try {
    for (let seq = 0; seq * IMPORT_PIECE_BYTES < res.body.length; seq++)
      await receivePiece(
        app.db,
        runId,
        seq,
        res.body.subarray(seq * IMPORT_PIECE_BYTES, (seq + 1) * IMPORT_PIECE_BYTES),
      );
    await finishUpload(app.db, runId);
  } catch (err) {
    await supplierPulls.recordPull(app.db, s.id, {
      result: `Not imported: ${err instanceof Error ? err.message : 'the feed could not be stored'}`,
    });
    return 'failed';
  }
  await queueRun(app.jobs, runId);
  const etag = typeof res.headers.etag === 'string' ? res.headers.etag : null;
  const lastModified = typeof res.headers['last-modified'] === 'string' ? res.headers['last-modified'] : null;
  await supplierPulls.recordPull(app.db, s.id, { result: 'Fetched: import queued', etag, lastModified });
  return 'queued';
}

/** Every instance looks for a due pull every 30 s; claiming is atomic, so each pull runs once. */
export function startPulls(app: FastifyInstance): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      while ((await pullDue(app)) !== 'none-due');
    } catch (err) {
      app.log.error({ err }, 'scheduled feed pull');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), PULL_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export const pullSoon = (db: Db, code: string) => supplierPulls.pullNow(db, code);
