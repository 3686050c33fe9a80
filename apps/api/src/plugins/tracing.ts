import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Span } from '@opentelemetry/api';
import { endRequestSpan, otelContext, requestSpan, tracingOn } from '../tracing.ts';

// A span per request, the rest of the request (its hooks, handler, statements and calls) run in its
// context. Only when traces are on: off, no hook is added at all.

declare module 'fastify' {
  interface FastifyRequest {
    traceSpan?: Span;
  }
}

export const tracingPlugin = fp(async (app: FastifyInstance) => {
  if (!tracingOn()) return;
  app.addHook('onRequest', (req, reply, done) => {
    const opened = requestSpan(req.method, req.url, req.id);
    if (!opened) return done();
    req.traceSpan = opened.span;
    reply.header('x-trace-id', opened.span.spanContext().traceId);
    otelContext.with(opened.context, done);
  });
  app.addHook('onResponse', async (req, reply) => {
    if (req.traceSpan) endRequestSpan(req.traceSpan, req.method, req.routeOptions.url, reply.statusCode);
  });
});
