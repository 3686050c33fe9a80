import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { ensureQueue } from './queue.ts';

// A job sent wakes the workers of its queue at once; polling is only the backstop (a minute here).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
});
afterAll(() => t.close());

describe('job queues', () => {
  it('a job is taken as soon as it is sent, not at the next poll', async () => {
    const boss = await t.app.jobs.queue();
    await ensureQueue(boss, 'probe-wake', {});
    const taken = new Promise<number>((resolve) => {
      void boss.work('probe-wake', { pollingIntervalSeconds: 60, notifyPollingIntervalSeconds: 60 }, async () => {
        resolve(Date.now());
      });
    });
    // The worker's first look (at start) is over: the next would come a minute later.
    await new Promise((r) => setTimeout(r, 500));
    const sent = Date.now();
    await boss.send('probe-wake', {});
    expect((await taken) - sent).toBeLessThan(5_000);
  });

  it('a queue an earlier release made without waking is switched to it', async () => {
    const boss = await t.app.jobs.queue();
    await boss.createQueue('probe-old', { retryLimit: 1 });
    expect((await boss.getQueue('probe-old'))?.notify).toBe(false);
    await ensureQueue(boss, 'probe-old', { retryLimit: 1 });
    expect((await boss.getQueue('probe-old'))?.notify).toBe(true);
  });
});
