import type { FastifyInstance } from 'fastify';
import { queueFigures } from './modules/jobs/index.ts';
import { outboxBacklog } from './modules/mail/index.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { tracingPlugin } from './plugins/tracing.ts';

/** A span per request (when traces are on) and the /metrics figures, with what the modules own of them. */
export async function registerObservability(app: FastifyInstance) {
  await app.register(tracingPlugin);
  await app.register(metricsPlugin, { queues: queueFigures, outbox: outboxBacklog });
}
