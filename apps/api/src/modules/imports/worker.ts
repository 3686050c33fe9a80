import type { FastifyInstance } from 'fastify';
import { ensureQueue, type JobQueue, type Jobs } from '../jobs/index.ts';
import { askStoneMedia, mediaQueue } from '../stone-media/index.ts';
import { importsRepository as repo } from './repository.ts';
import { FILE_KEEP_DAYS, IMPORT_QUEUE, failRun, runImport, storedFile } from './service.ts';

// The import queue's worker, on every instance: one import at a time per instance. A job whose
// instance dies stops sending heartbeats; pg-boss then hands it to another instance, which starts
// the run again from the top (an apply is idempotent: rows already written count as unchanged).

const HEARTBEAT_S = 15;
const RETRIES = 2;

export interface ImportJob {
  runId: string;
}

const ready = new WeakMap<Jobs, Promise<JobQueue>>();
/** The job queue with the import queue created (once per process; pg-boss keeps it if it exists). */
function importQueue(jobs: Jobs): Promise<JobQueue> {
  let q = ready.get(jobs);
  if (!q) {
    q = jobs.queue().then(async (boss) => {
      await ensureQueue(boss, IMPORT_QUEUE, {
        heartbeatSeconds: HEARTBEAT_S,
        retryLimit: RETRIES,
        retryDelay: 5,
        // A million-row feed applies in minutes; the heartbeat, not this, notices a dead instance.
        expireInSeconds: 6 * 3600,
      });
      return boss;
    });
    ready.set(jobs, q);
  }
  return q;
}

export async function startImportWorker(app: FastifyInstance, jobs: Jobs): Promise<void> {
  const boss = await importQueue(jobs);
  await boss.work<ImportJob>(IMPORT_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const run = await repo.get(app.db, job.data.runId);
    if (!run || (run.state !== 'queued' && run.state !== 'running')) return;
    try {
      await runImport(app.db, run.id, storedFile(app.db, run.fileRunId ?? run.id), undefined, {
        fetchAllow: app.config.FEED_FETCH_ALLOW,
        media: app.media,
        pace: app.foreground.yieldToRequests,
        // The stones' photographs follow in their own jobs, asked for before the run says done (the
        // import does not wait for them to be fetched).
        beforeDone:
          run.kind === 'diamonds'
            ? async () => askStoneMedia(app.db, await mediaQueue(jobs), run.supplierCode, run.id)
            : undefined,
      });
      app.log.info({ runId: run.id, supplier: run.supplierCode, kind: run.kind }, 'feed import finished');
    } catch (err) {
      app.log.error({ err, runId: run.id }, 'feed import failed');
      if (job.retryCount >= RETRIES)
        await failRun(app.db, run.id, 'The import stopped on an error. Try again; if it keeps failing, tell us.');
      throw err;
    }
  });
  await repo.dropOldFiles(app.db, new Date(Date.now() - FILE_KEEP_DAYS * 86_400_000));
}

/** Queues a created run for whichever instance's worker is free first. */
export async function queueRun(jobs: Jobs, runId: string): Promise<void> {
  const boss = await importQueue(jobs);
  await boss.send(IMPORT_QUEUE, { runId } satisfies ImportJob);
}
