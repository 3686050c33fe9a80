import type { FastifyInstance } from 'fastify';
import type { JobResult } from 'pg-boss';
import { ensureQueue, type Jobs, type JobQueue } from '../jobs/index.ts';
import type { MediaAsk } from './repository.ts';
import { photoPace } from '../media-store/index.ts';
import { fetchStoneMedia, MEDIA_RETRIES, STONE_MEDIA_QUEUE } from './service.ts';

// The photograph queue's worker, on every instance: two fetches at a time per instance (a feed of
// 100,000 stones does not take the processor the shoppers' searches need), retried with backoff.

const PER_INSTANCE = 2;
const ready = new WeakMap<Jobs, Promise<JobQueue>>();

export function mediaQueue(jobs: Jobs): Promise<JobQueue> {
  let q = ready.get(jobs);
  if (!q) {
    q = jobs.queue().then(async (boss) => {
      await ensureQueue(boss, STONE_MEDIA_QUEUE, {
        retryLimit: MEDIA_RETRIES,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: 300,
      });
      return boss;
    });
    ready.set(jobs, q);
  }
  return q;
}

// A worker takes a few photographs at a time and looks again at once while its takes come back
// full: a feed's thousands are drained without waiting for a poll, while an idle queue costs
// nothing (a new job wakes it, see jobs/queue.ts).
const BATCH = 3;

export async function startStoneMediaWorker(app: FastifyInstance, jobs: Jobs): Promise<void> {
  const boss = await mediaQueue(jobs);
  await boss.work<MediaAsk>(
    STONE_MEDIA_QUEUE,
    {
      pollingIntervalSeconds: 1,
      localConcurrency: PER_INSTANCE,
      batchSize: BATCH,
      burstWhenBatchFull: true,
      perJobResults: true,
    },
    async (batch) => {
      const results: JobResult[] = [];
      for (const job of batch) {
        try {
          await app.foreground.yieldToRequests();
          const outcome = await fetchStoneMedia(app.db, app.media, job.data, {
            allow: app.config.FEED_FETCH_ALLOW,
            lastTry: job.retryCount >= MEDIA_RETRIES,
            pace: photoPace(app),
          });
          app.log.info({ stone: job.data.id, outcome }, 'stone photograph');
          results.push({ id: job.id, status: 'completed' });
        } catch (err) {
          // This one is retried (with backoff) as the queue says; the rest of the batch stands.
          results.push({
            id: job.id,
            status: 'failed',
            output: { message: err instanceof Error ? err.message : String(err) },
          });
        }
      }
      return results;
    },
  );
}
