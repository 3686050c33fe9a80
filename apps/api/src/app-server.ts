import { traceableId, tracingOn } from './tracing.ts';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { logOptions } from './log-safety.ts';

/** The HTTP server's own settings: logs, request ids behind a proxy, limits and timeouts, zod schemas. */
export function serverFor(config: Config, logger: boolean, logStream?: NodeJS.WritableStream) {
  const app = Fastify({
    logger: logger ? logOptions(config.LOG_LEVEL, logStream) : false,
    // The socket's address and the TRUST_PROXY hops nearest to it (proxy-addr counts from 0).
    trustProxy: config.TRUST_PROXY ? (_address: string, hop: number) => hop < config.TRUST_PROXY : false,
    // Unique across instances, so a shopper quoting one from an error finds the one log line.
    // Behind a trusted proxy a well-formed X-Request-Id from it is kept, to join both logs.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      if (config.TRUST_PROXY > 0 && typeof given === 'string' && /^[\w.-]{8,64}$/.test(given)) return given;
      // With traces on, an id that is also the request's trace id (tracing.ts).
      return tracingOn() ? traceableId() : randomUUID();
    },
    bodyLimit: 1_048_576,
    // A client gets REQUEST_TIMEOUT_MS to send its whole request (a body that trickles in is cut
    // off with 408) and 10 s for the headers; idle keep-alive sockets close after 72 s, longer than
    // the 60 s idle timeout of common load balancers so the balancer always closes first.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 72_000,
    routerOptions: { maxParamLength: 200 },
    // A plugin may take as long as the machine makes it: on a busy machine loading the storefront
    // build into the render threads took longer than Fastify's 10 s default, and the store did not
    // start at all. A start that is only slow is not a failure; one that fails still throws.
    pluginTimeout: 0,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = Math.min(10_000, config.REQUEST_TIMEOUT_MS);
  // Node checks these timeouts on this interval (30 s by default, which would let a trickle run long).
  Object.assign(app.server, { connectionsCheckingInterval: Math.min(1_000, config.REQUEST_TIMEOUT_MS) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}
