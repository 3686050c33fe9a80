import type { FastifyInstance } from 'fastify';
import { ensureQueue, type Jobs } from '../jobs/index.ts';
import { sendCartReminders } from './service.ts';
import { sendDateNotes } from './date-notes.ts';

// Reminders (left carts, notes before dates) as jobs on the shared queue: every instance asks for a
// pass each REMINDER_SWEEP_MS, and the "stately" queue holds at most one waiting and one running, so
// a pass runs on one instance at a time. Each e-mail is still claimed by its own row, so even two
// passes at once send it once.

export const REMINDER_QUEUE = 'cart-reminders';

/**
 * Set up in the background: nothing a shopper asks for waits on it, so the store opens as soon as
 * it can serve (on a busy machine every statement at start counts); the first pass comes a sweep later.
 */
export function startReminderWorker(app: FastifyInstance, jobs: Jobs): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const deps = { db: app.db, config: app.config, settings: app.storeSettings, outbox: app.outbox };
  void (async () => {
    const boss = await jobs.queue();
    await ensureQueue(boss, REMINDER_QUEUE, {
      policy: 'stately',
      retryLimit: 3,
      retryDelay: 30,
      expireInSeconds: 10 * 60,
    });
    await boss.work(REMINDER_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
      const sent = await sendCartReminders(deps);
      if (sent) app.log.info({ sent }, 'left-cart reminders sent');
      const notes = await sendDateNotes(deps);
      if (notes) app.log.info({ notes }, 'date notes sent');
    });
    if (stopped) return;
    const kick = () =>
      void boss
        .send(REMINDER_QUEUE, {})
        .catch((err: unknown) => app.log.warn({ err }, 'reminders: could not queue a pass'));
    timer = setInterval(kick, app.config.REMINDER_SWEEP_MS);
    timer.unref();
  })().catch((err: unknown) => app.log.warn({ err }, 'reminders: the queue could not be set up; none are sent'));
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
