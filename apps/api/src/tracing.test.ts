import http from 'node:http';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './db/client.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { inSpan, SpanKind, startTracing } from './tracing.ts';

// With OTEL_EXPORTER_OTLP_ENDPOINT set, a product's request reaches a local OTLP receiver (the
// OpenTelemetry protocol over HTTP, as a collector speaks it) as one trace: its server span with
// the route, its database statements, and the outbound calls it makes — its id the request's own,
// in the answer's x-request-id and in every log line of the request.

type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
};
const received: OtlpSpan[] = [];
let receiver: http.Server;
let endpoint = '';
let stop: () => Promise<void>;
let t: TestApp;
const log = new PassThrough();
let logText = '';
log.on('data', (d) => (logText += d));

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const sent = JSON.parse(body) as {
          resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
        };
        for (const r of sent.resourceSpans) for (const s of r.scopeSpans) received.push(...s.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  stop = await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'facet-test' });
  t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: log });
});
afterAll(async () => {
  await t.close();
  receiver.close();
});

const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v ? Object.values(v)[0] : undefined;
};

describe('traces over OTLP', () => {
  it('a product request is one trace: its route, its statements, an outbound call; the id is the request’s', async () => {
    const [p] = rowsOf<{ groupId: number; productId: number }>(
      await t.database.db.execute(sql`select g.id as "groupId", p.id as "productId" from product_group g
        join product p on p.group_id = g.id where g.published and p.active order by g.id limit 1`),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/product/product?groupId=${p!.groupId}&productId=${p!.productId}`,
    });
    expect(res.statusCode).toBe(200);
    const traceId = res.headers['x-request-id'] as string;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers['x-trace-id']).toBe(traceId);
    // An outbound call made inside a traced piece of work gets its own span.
    await inSpan('outbound probe', SpanKind.INTERNAL, {}, () => fetch(`${endpoint}/ping?token=secret-42`));
    await stop(); // flushes every span to the receiver

    const trace = received.filter((s) => s.traceId === traceId);
    const server = trace.find((s) => s.kind === 2)!;
    expect(server.name).toBe('GET /api/product/product');
    expect(attr(server, 'http.route')).toBe('/api/product/product');
    expect(attr(server, 'http.response.status_code')).toBe(200);
    const statements = trace.filter((s) => s.name === 'db.query');
    expect(statements.length).toBeGreaterThan(0);
    // Each statement hangs under the request (directly or through another span of it).
    const ids = new Set(trace.map((s) => s.spanId));
    for (const s of statements) expect(ids.has(s.parentSpanId!)).toBe(true);
    // No value from the address in any span: the path only, never the query.
    expect(JSON.stringify(trace)).not.toContain(`productId=${p!.productId}`);

    const outbound = received.find((s) => s.name.startsWith('GET 127.0.0.1'))!;
    expect(outbound.kind).toBe(3);
    expect(attr(outbound, 'url.path')).toBe('/ping');
    expect(JSON.stringify(outbound)).not.toContain('secret-42');

    // The request's log lines carry its trace.
    const lines = logText
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reqId?: string; traceId?: string; req?: { reqId?: string } });
    const ofRequest = lines.filter((l) => l.reqId === traceId || l.req?.reqId === traceId);
    expect(ofRequest.length).toBeGreaterThan(0);
    for (const l of ofRequest) expect(l.traceId).toBe(traceId);
  });
});
