import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// API answers are JSON or images: nothing on them should ever run a script or be framed.
export const API_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: false, // set per answer: API_CSP here, a nonce policy on HTML pages
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CSP);
  });
});

/**
 * The client a request counts against. Server-side rendering calls the API in-process (all from
 * 127.0.0.1), so those calls carry the shopper's address, trusted only with this process's secret.
 */
export const clientKey = (req: FastifyRequest) => {
  const internal = req.headers['x-facet-internal'];
  const ip = req.headers['x-facet-client-ip'];
  return internal === req.server.internalSecret && typeof ip === 'string' && ip ? ip : req.ip;
};

/** Per-client ceiling on the API (pages and static files are not limited by it). */
export const apiRateLimit = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, { global: true, max: app.config.RATE_LIMIT_MAX, timeWindow: '1 minute', keyGenerator: clientKey });
});
