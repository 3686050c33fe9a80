import type { FastifyInstance } from 'fastify';
import { ensureQueue, type JobQueue, type Jobs } from '../jobs/index.ts';
import { dailyBackup } from './daily.ts';

// The daily backup on the job queue: a "stately" queue holds at most one waiting and one running
// run, and the run itself decides whether a day has passed since the last backup, so a check every
// quarter hour (and one at start) costs nothing on the other 95 of each day's 96.
export const BACKUP_QUEUE = 'store-backup';
const CHECK_MS = 15 * 60_000;

export async function startBackupWorker(app: FastifyInstance, jobs: Jobs): Promise<() => void> {
  if (app.database.kind !== 'pglite' || app.config.inMemoryDb) return () => {};
  const boss: JobQueue = await jobs.queue();
  await ensureQueue(boss, BACKUP_QUEUE, {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 300,
    expireInSeconds: 30 * 60,
  });
  await boss.work(BACKUP_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const done = await dailyBackup(app.database, app.config);
    if (done) app.log.info({ file: done.file, bytes: done.bytes, ms: done.ms }, 'daily backup made');
  });
  const check = () =>
    void boss.send(BACKUP_QUEUE, {}).catch((err: unknown) => app.log.warn({ err }, 'backup: could not queue a check'));
  check();
  const timer = setInterval(check, CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
