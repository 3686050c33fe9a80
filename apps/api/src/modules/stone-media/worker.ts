import type { FastifyInstance } from 'fastify';
import type { Jobs, JobQueue } from '../jobs/index.ts';
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
      await boss.createQueue(STONE_MEDIA_QUEUE, {
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

export async function startStoneMediaWorker(app: FastifyInstance, jobs: Jobs): Promise<void> {
  const boss = await mediaQueue(jobs);
  await boss.work<MediaAsk>(
    STONE_MEDIA_QUEUE,
    { pollingIntervalSeconds: 1, localConcurrency: PER_INSTANCE },
    async ([job]) => {
      if (!job) return;
      await app.foreground.yieldToRequests();
      const outcome = await fetchStoneMedia(app.db, app.media, job.data, {
        allow: app.config.FEED_FETCH_ALLOW,
        lastTry: job.retryCount >= MEDIA_RETRIES,
        pace: photoPace(app),
      });
      app.log.info({ stone: job.data.id, outcome }, 'stone photograph');
    },
  );
}
