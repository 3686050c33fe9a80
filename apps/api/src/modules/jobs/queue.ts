import { inSpan, SpanKind, tracingOn } from '../../tracing.ts';
import { PgBoss, fromPglite } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../db/client.ts';
import { jobsRepository } from './repository.ts';

// Background work on pg-boss, in the store's own database: any instance may take a job, and a job
// whose instance died (no heartbeat) goes back to the queue for another instance. On the embedded
// database pg-boss runs through its PGlite adapter (one process, as the embedded store is).

export type JobQueue = PgBoss;

// Supervision (which fails jobs whose heartbeat stopped, so they are retried) every 15 s rather
// than pg-boss's 60: a job of a dead instance (heartbeat every 15 s) is taken up again within about 30–40 s.
// A job sent wakes the workers of its queue at once through LISTEN/NOTIFY (on PGlite in process,
// on PostgreSQL over one held connection); polling stays only as a slow backstop. Six queues polled
// every second cost an idle store about a tenth of a core on the embedded database, enough that on
// a machine busy elsewhere the polls took the share the store needed to start.
const OPTIONS = { schedule: false, superviseIntervalSeconds: 15, useListenNotify: true } as const;

type QueueOptions = NonNullable<Parameters<PgBoss['createQueue']>[1]>;

/**
 * Creates a queue whose jobs wake its workers (pg-boss's `notify`); a queue made before by an
 * earlier release is switched to it. Every queue is made here (lint refuses createQueue elsewhere).
 */
export async function ensureQueue(boss: PgBoss, name: string, options: Omit<QueueOptions, 'notify'>): Promise<void> {
  await boss.createQueue(name, { ...options, notify: true });
  const made = await boss.getQueue(name);
  if (made && !made.notify) await boss.updateQueue(name, { notify: true });
}

/** pg-boss started on first use: an app that never queues a job (most tests) never sets it up. */
export interface Jobs {
  queue(): Promise<JobQueue>;
  stop(): Promise<void>;
}

export function jobsOn(database: Database, log: FastifyBaseLogger): Jobs {
  let started: Promise<JobQueue> | undefined;
  return {
    queue() {
      started ??= (async () => {
        const boss =
          'pglite' in database.engine
            ? new PgBoss({ db: fromPglite(database.engine.pglite), backend: 'pglite', ...OPTIONS })
            : new PgBoss({ connectionString: database.engine.url, max: 4, application_name: 'facet-jobs', ...OPTIONS });
        boss.on('error', (err) => log.error({ err }, 'job queue'));
        traceJobs(boss);
        // Instances starting together: pg-boss installs its schema under its own advisory lock.
        await boss.start();
        return boss;
      })();
      return started;
    },
    async stop() {
      if (!started) return;
      const boss = await started.catch(() => null);
      // A running job gets a few seconds; after that its heartbeat stops and another instance takes it.
      await boss?.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}

/** The queues' figures for /metrics (waiting, running, failed in the last hour, oldest wait). */
export const queueFigures = (db: DbOrTx) => jobsRepository.figures(db);

/** Each job a worker takes runs in a span of its own (its queue's name), when traces are on. */
function traceJobs(boss: PgBoss) {
  if (!tracingOn()) return;
  const work = boss.work.bind(boss) as (...a: unknown[]) => Promise<string>;
  (boss as { work: unknown }).work = (name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as (jobs: unknown) => Promise<unknown>;
    return work(name, ...rest, (jobs: unknown) =>
      inSpan(`job ${name}`, SpanKind.CONSUMER, { 'messaging.destination.name': name }, () => handler(jobs)),
    );
  };
}
