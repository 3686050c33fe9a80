import { randomBytes } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import {
  context,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';

// OpenTelemetry traces, sent over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set (the official
// SDK, loaded only then): a span per request with its route, one per database statement (never its
// values), per outbound HTTP call (Stripe, carrier, tax, S3, webhooks, Varnish purges), per mail
// sent and per job. Off, nothing here runs but one boolean test.

let tracer: Tracer | null = null;
/** The trace id the next root span takes (the request's own id), set just before it starts. */
let nextTraceId: string | null = null;

export const tracingOn = () => tracer !== null;

/** Starts the SDK when an OTLP endpoint is configured; answers how to flush and stop it. */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<() => Promise<void>> {
  if (tracer || !env.OTEL_EXPORTER_OTLP_ENDPOINT) return async () => {};
  const [
    { NodeTracerProvider, BatchSpanProcessor, RandomIdGenerator },
    { OTLPTraceExporter },
    { resourceFromAttributes },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const ids = new RandomIdGenerator();
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'facet' }),
    // A request's trace is its request id (x-request-id), so a shopper's reference finds the trace too.
    idGenerator: {
      generateTraceId: () => {
        const id = nextTraceId ?? ids.generateTraceId();
        nextTraceId = null;
        return id;
      },
      generateSpanId: () => ids.generateSpanId(),
    },
    spanProcessors: [
      new BatchSpanProcessor(
        new OTLPTraceExporter({
          url:
            env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ||
            `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`,
        }),
        { scheduledDelayMillis: 1_000 },
      ),
    ],
  });
  provider.register();
  tracer = trace.getTracer('facet');
  const stopOutbound = traceOutboundHttp(tracer);
  return async () => {
    stopOutbound();
    tracer = null;
    await provider.shutdown();
    trace.disable();
    context.disable();
  };
}

/** A request id that can also be a trace id (32 hex digits), when traces are on. */
export const traceableId = () => randomBytes(16).toString('hex');

/** Opens a request's span (its trace id the request's id when that is one) and the context to run it in. */
export function requestSpan(method: string, url: string, requestId: string) {
  if (!tracer) return null;
  // Each request starts its own trace, named by its request id: a visitor's traceparent is not
  // believed (it would let anyone pick the id a shopper quotes and the logs are searched by).
  if (/^[0-9a-f]{32}$/.test(requestId)) nextTraceId = requestId;
  const parent = ROOT_CONTEXT;
  const span = tracer.startSpan(
    method,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'url.path': url.split('?')[0]! } },
    parent,
  );
  nextTraceId = null;
  return { span, context: trace.setSpan(parent, span) };
}

/** Closes a request's span with its route pattern and status. */
export function endRequestSpan(span: Span, method: string, route: string | undefined, status: number) {
  span.updateName(`${method} ${route ?? 'unmatched'}`);
  span.setAttributes({ 'http.route': route ?? 'unmatched', 'http.response.status_code': status });
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** The active trace's id, for the log line of a request (or job) being traced. */
export function activeTraceId(requestId?: unknown): string | undefined {
  if (!tracer) return undefined;
  const s = trace.getActiveSpan();
  if (s) return s.spanContext().traceId;
  // A request's lines written outside its span (Fastify's "incoming request" and "request
  // completed"): its id is its trace's when the store made it.
  return typeof requestId === 'string' && /^[0-9a-f]{32}$/.test(requestId) ? requestId : undefined;
}

/** Opens a span under the active one and answers how to end it (null when traces are off). */
export function openSpan(name: string, kind: SpanKind, attributes: Attributes): ((failed?: boolean) => void) | null {
  if (!tracer) return null;
  const span = tracer.startSpan(name, { kind, attributes });
  return (failed) => {
    if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
}

/** Runs `work` inside a span of its own (a database statement, a job, a mail sent). */
export function inSpan<T>(name: string, kind: SpanKind, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  if (!tracer) return work();
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work();
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : 'error' });
      throw err;
    } finally {
      span.end();
    }
  });
}
export { SpanKind, context as otelContext };

/**
 * A span per outbound HTTP call, from Node's own diagnostics channels (node:http for Stripe's and
 * the S3 client's requests, undici for fetch): no module loader hooks, whatever imported them.
 * Only the method, host and path are kept (no query string: it may carry a token).
 */
function traceOutboundHttp(t: Tracer): () => void {
  const open = new WeakMap<object, Span>();
  const start = (key: object, method: string, origin: string, path: string) => {
    const url = new URL(path.split('?')[0]!, origin);
    open.set(
      key,
      t.startSpan(`${method} ${url.host}`, {
        kind: SpanKind.CLIENT,
        attributes: { 'http.request.method': method, 'server.address': url.hostname, 'url.path': url.pathname },
      }),
    );
  };
  const end = (key: object, status?: number, failed = false) => {
    const span = open.get(key);
    if (!span) return;
    open.delete(key);
    if (status) span.setAttribute('http.response.status_code', status);
    if (failed || (status ?? 0) >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  type HttpReq = { method: string; protocol: string; host: string; path: string };
  const subs: Array<[string, (m: unknown) => void]> = [
    [
      'http.client.request.start',
      (m) => {
        const { request } = m as { request: HttpReq };
        start(request, request.method, `${request.protocol}//${request.host}`, request.path);
      },
    ],
    [
      'http.client.response.finish',
      (m) => {
        const { request, response } = m as { request: object; response: { statusCode: number } };
        end(request, response.statusCode);
      },
    ],
    ['http.client.request.error', (m) => end((m as { request: object }).request, undefined, true)],
    [
      'undici:request:create',
      (m) => {
        const { request } = m as { request: { method: string; origin: string; path: string } };
        start(request, request.method, request.origin, request.path);
      },
    ],
    [
      'undici:request:headers',
      (m) => {
        const { request, response } = m as { request: object; response: { statusCode: number } };
        end(request, response.statusCode);
      },
    ],
    ['undici:request:error', (m) => end((m as { request: object }).request, undefined, true)],
  ];
  for (const [name, fn] of subs) diagnostics.subscribe(name, fn);
  return () => {
    for (const [name, fn] of subs) diagnostics.unsubscribe(name, fn);
  };
}
