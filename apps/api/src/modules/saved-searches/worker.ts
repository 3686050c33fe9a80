import type { FastifyInstance } from 'fastify';
import { CATALOGUE_CHANNEL, changedTable } from '../../cache/index.ts';
import type { Database } from '../../db/client.ts';
import { ensureQueue, type JobQueue, type Jobs } from '../jobs/index.ts';
import { matchSavedSearches, sendDigests } from './service.ts';

// Saved-search alerts as jobs on the shared queue: matching after every change to the diamonds
// (whoever made it: an import, a staff edit, a stone coming back on sale), digests after a match
// that found something and every few minutes for addresses whose day has passed. "Stately" queues
// hold at most one waiting and one running job, so a burst of changes (an import's batches) costs
// one run that reads them all, on whichever instance takes it.

export const MATCH_QUEUE = 'saved-search-match';
export const DIGEST_QUEUE = 'saved-search-digest';
const SWEEP_MS = 10 * 60_000;

const ready = new WeakMap<Jobs, Promise<JobQueue>>();
function queues(jobs: Jobs): Promise<JobQueue> {
  let q = ready.get(jobs);
  if (!q) {
    q = jobs.queue().then(async (boss) => {
      for (const name of [MATCH_QUEUE, DIGEST_QUEUE])
        await ensureQueue(boss, name, { policy: 'stately', retryLimit: 3, retryDelay: 10, expireInSeconds: 15 * 60 });
      return boss;
    });
    ready.set(jobs, q);
  }
  return q;
}

export async function startSavedSearchWorker(
  app: FastifyInstance,
  jobs: Jobs,
  database: Database,
): Promise<() => Promise<void>> {
  const boss = await queues(jobs);
  const deps = { db: app.db, config: app.config, settings: app.storeSettings, outbox: app.outbox };
  await boss.work(MATCH_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
    const outcome = await matchSavedSearches(app.db);
    if (outcome.hits) {
      app.log.info(outcome, 'saved searches matched');
      await boss.send(DIGEST_QUEUE, {});
    }
  });
  await boss.work(DIGEST_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
    const sent = await sendDigests(deps);
    if (sent) app.log.info({ sent }, 'saved-search digests sent');
  });
  const kick = () =>
    void boss
      .send(MATCH_QUEUE, {})
      .catch((err: unknown) => app.log.warn({ err }, 'saved searches: could not queue a match'));
  const stopListening = await database.listen(
    CATALOGUE_CHANNEL,
    (payload) => {
      if (changedTable(payload) === 'diamond') kick();
    },
    kick,
  );
  // The safety net: a change whose notice was lost is matched within minutes; a day that has passed frees its digest.
  const timer = setInterval(() => {
    kick();
    void boss.send(DIGEST_QUEUE, {}).catch(() => {});
  }, SWEEP_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await stopListening();
  };
}
