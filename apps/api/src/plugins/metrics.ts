import http from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { poolUse } from '../db/client.ts';
import {
  collectNodeMetrics,
  dbPool,
  httpRequests,
  jobOldest,
  jobQueue,
  outboxBacklog,
  outboxOldest,
  registry,
} from '../metrics.ts';
import type { Db } from '../db/client.ts';
import { fromThisMachine } from './from-this-machine.ts';

// GET /metrics: every request timed by its route's pattern, and at each scrape the figures read
// now (the pool's connections, the job queues, the outbox). Served to this machine and the
// addresses METRICS_ALLOW names, never to a request a proxy forwarded (Varnish adds
// X-Forwarded-For, so a visitor cannot reach it through the cache); or on METRICS_PORT alone.

const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via'];

/** Whether this request may read the figures: from this machine or an allowed address, and not through a proxy. */
export function mayScrape(req: FastifyRequest, allow: readonly string[]) {
  if (FORWARDED.some((h) => req.headers[h] !== undefined)) return false;
  const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return fromThisMachine(req) || allow.includes(peer);
}

/** What the scrape reads from the modules that own it (given by app.ts). */
export interface MetricsSources {
  queues: (
    db: Db,
  ) => Promise<Array<{ queue: string; waiting: number; active: number; failed: number; oldest: number }>>;
  outbox: (db: Db) => Promise<{ unsent: number; oldest: number }>;
}

async function scrape(app: FastifyInstance, sources: MetricsSources) {
  const pool = poolUse();
  dbPool.set({ state: 'total' }, pool.total);
  dbPool.set({ state: 'idle' }, pool.idle);
  dbPool.set({ state: 'waiting' }, pool.waiting);
  // A queue figure that cannot be read now is left as it was rather than failing the scrape.
  const [queues, backlog] = await Promise.all([
    sources.queues(app.db).catch((err) => void app.log.warn({ err }, 'metrics: job queues unread')),
    sources.outbox(app.db).catch((err) => void app.log.warn({ err }, 'metrics: outbox unread')),
  ]);
  if (queues) {
    jobQueue.reset();
    jobOldest.reset();
    for (const q of queues) {
      jobQueue.set({ queue: q.queue, state: 'waiting' }, q.waiting);
      jobQueue.set({ queue: q.queue, state: 'active' }, q.active);
      jobQueue.set({ queue: q.queue, state: 'failed' }, q.failed);
      jobOldest.set({ queue: q.queue }, q.oldest);
    }
  }
  if (backlog) {
    outboxBacklog.set(backlog.unsent);
    outboxOldest.set(backlog.oldest);
  }
  return registry.metrics();
}

export const metricsPlugin = fp(async (app: FastifyInstance, sources: MetricsSources) => {
  collectNodeMetrics();
  app.addHook('onResponse', async (req, reply) => {
    httpRequests.observe(
      { route: req.routeOptions.url ?? 'unmatched', method: req.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  const { METRICS_PORT, METRICS_ALLOW, HOST } = app.config;
  if (METRICS_PORT) {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      scrape(app, sources).then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
        (err) => {
          app.log.error({ err }, 'metrics');
          res.writeHead(500).end();
        },
      );
    });
    app.addHook('onReady', () => new Promise<void>((resolve) => server.listen(METRICS_PORT, HOST, resolve)));
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
    return;
  }
  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (req, reply) => {
    // Not found, as for any address it does not serve: nothing tells a visitor the figures exist.
    if (!mayScrape(req, METRICS_ALLOW)) return reply.status(404).send({ message: 'Not found' });
    reply.type(registry.contentType).header('cache-control', 'no-store');
    return scrape(app, sources);
  });
});
