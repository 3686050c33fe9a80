import { PgBoss, fromPglite } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';

// Background work on pg-boss, in the store's own database: any instance may take a job, and a job
// whose instance died (no heartbeat) goes back to the queue for another instance. On the embedded
// database pg-boss runs through its PGlite adapter (one process, as the embedded store is).

export type JobQueue = PgBoss;

// Supervision (which fails jobs whose heartbeat stopped, so they are retried) every 15 s rather
// than pg-boss's 60: a job of a dead instance (heartbeat every 15 s) is taken up again within about 30–40 s.
const OPTIONS = { schedule: false, superviseIntervalSeconds: 15 } as const;

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
