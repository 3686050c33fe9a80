import { inSpan, openSpan, SpanKind, tracingOn } from './tracing.ts';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// What an operator watches, in Prometheus's text format at GET /metrics (plugins/metrics.ts).
// One registry per process: each instance (and each process of a cluster) is its own target;
// figures read from the database (queues, outbox) are the same on every instance by design.

export const registry = new Registry();
registry.setDefaultLabels({ service: 'facet' });
let defaults = false;
/** Node's own figures (event-loop lag, heap, GC, handles), once per process. */
export function collectNodeMetrics() {
  if (defaults) return;
  defaults = true;
  collectDefaultMetrics({ register: registry, prefix: 'facet_' });
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Requests by the route's pattern (never the raw URL: ids and queries would make a series each). */
export const httpRequests = new Histogram({
  name: 'facet_http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status, and how long they took',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

/** Storefront pages: drawn by React now, or served as kept in this instance's page cache. */
export const ssrRenders = new Histogram({
  name: 'facet_ssr_render_seconds',
  help: 'Storefront pages by outcome (rendered: drawn now; kept: served from the page cache) and their time',
  labelNames: ['outcome'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const cacheLookups = new Counter({
  name: 'facet_cache_lookups_total',
  help: 'In-process cache lookups by cache (answer, page) and result (hit, miss)',
  labelNames: ['cache', 'result'] as const,
  registers: [registry],
});

export const dbQueries = new Histogram({
  name: 'facet_db_query_duration_seconds',
  help: 'Database statements by engine and how long they took (no text, no values)',
  labelNames: ['engine'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [registry],
});

export const dbPool = new Gauge({
  name: 'facet_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting: requests queued for one)',
  labelNames: ['state'] as const,
  registers: [registry],
});

export const ordersPlaced = new Counter({
  name: 'facet_orders_placed_total',
  help: 'Orders placed by this instance, by plan (full, layaway) and how they were paid',
  labelNames: ['plan'] as const,
  registers: [registry],
});

export const paymentFailures = new Counter({
  name: 'facet_payment_failures_total',
  help: 'Payments refused or failed, by what was being paid (checkout, instalment, balance)',
  labelNames: ['what'] as const,
  registers: [registry],
});

export const purges = new Counter({
  name: 'facet_shared_cache_purges_total',
  help: 'Purges sent to the shared cache (Varnish) by result (sent, refused, failed)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const jobQueue = new Gauge({
  name: 'facet_job_queue_jobs',
  help: 'Jobs on the shared queue by queue and state (waiting, active, failed in the last hour)',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
});
export const jobOldest = new Gauge({
  name: 'facet_job_queue_oldest_waiting_seconds',
  help: 'Age of the oldest job waiting on each queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});
export const outboxBacklog = new Gauge({
  name: 'facet_outbox_unsent_mails',
  help: 'Mails in the outbox not yet sent (including those waiting to retry)',
  registers: [registry],
});
export const outboxOldest = new Gauge({
  name: 'facet_outbox_oldest_unsent_seconds',
  help: 'Age of the oldest mail not yet sent',
  registers: [registry],
});

/** Times one database statement (its promise), whatever it answers. */
export function timeQuery<T>(engine: 'pglite' | 'postgres', run: () => Promise<T>): Promise<T> {
  const end = dbQueries.startTimer({ engine });
  // A span per statement when traces are on: its engine only, never its text's values.
  const p = tracingOn()
    ? inSpan('db.query', SpanKind.CLIENT, { 'db.system.name': engine === 'postgres' ? 'postgresql' : 'pglite' }, run)
    : run();
  p.then(
    () => end(),
    () => end(),
  );
  return p;
}

/** Starts timing (and, with traces on, a span for) a statement run with a callback; answers its end. */
export function startQuery(engine: 'pglite' | 'postgres'): (failed?: boolean) => void {
  const end = dbQueries.startTimer({ engine });
  const span = openSpan('db.query', SpanKind.CLIENT, {
    'db.system.name': engine === 'postgres' ? 'postgresql' : 'pglite',
  });
  return (failed) => {
    end();
    span?.(failed);
  };
}
