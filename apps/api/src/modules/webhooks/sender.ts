import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { sendDue } from './service.ts';

// Deliveries are sent as soon as the change that made them commits (its trigger notifies every
// instance; whichever claims a delivery sends it), and a slow look every 15 s sends the retries
// that have fallen due.
const LOOK_MS = 15_000;
export const WEBHOOK_CHANNEL = 'facet_webhooks';

export async function startWebhookSender(app: FastifyInstance, database: Database): Promise<() => Promise<void>> {
  const deps = { db: app.db, config: app.config, log: app.log };
  let running: Promise<unknown> | null = null;
  let again = false;
  const kick = () => {
    if (running) {
      again = true;
      return;
    }
    running = sendDue(deps)
      .catch((err: unknown) => app.log.warn({ err }, 'webhooks: a sending pass failed; the next retries'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  };
  const stopListening = await database.listen(WEBHOOK_CHANNEL, kick, kick);
  const timer = setInterval(kick, LOOK_MS);
  timer.unref();
  kick();
  return async () => {
    clearInterval(timer);
    await stopListening();
    await running;
  };
}
