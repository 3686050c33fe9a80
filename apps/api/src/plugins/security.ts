import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Throttle } from '../modules/throttle/index.ts';
import { carriesSecret } from '@facet/contracts/secret-routes';

// API answers are JSON or images: nothing on them should ever run a script or be framed.
export const API_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A built script, style sheet or font under its hashed name. A browser reads the document headers
 * (framing, referrer, HSTS, CSP, opener, the old X- switches) only on a document or a worker; on a
 * subresource they are 0.6 KB of every request a page makes before it is interactive. What such a
 * file needs stays: its type, nosniff (a script is never run under another type), who may load it
 * (Cross-Origin-Resource-Policy) and a year's cache under a name that changes with its content, so
 * no validator either. An image or anything else keeps the whole set: an SVG can be opened as a
 * document.
 */
export const isHashedSubresource = (url: string) => /^\/assets\/[\w.-]+\.(?:js|css|woff2)(?:\?|$)/.test(url);
const DOCUMENT_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
  'accept-ranges',
];

export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: false, // set per answer: API_CSP here, a nonce policy on HTML pages
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (isHashedSubresource(request.url)) {
      for (const h of DOCUMENT_HEADERS) reply.removeHeader(h);
      return;
    }
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CSP);
    // A page or answer whose address carries a secret its route declares: no page it links to, and
    // no resource it loads, may learn the address from the Referer header.
    if (carriesSecret(request.url)) reply.header('referrer-policy', 'no-referrer');
  });
});

/** A call the storefront's server-side rendering makes to its own API (see webPlugin's host api). */
export const isInternal = (req: FastifyRequest) => req.headers['x-facet-internal'] === req.server.internalSecret;

/**
 * The client a request counts against. Server-side rendering calls the API in-process (all from
 * 127.0.0.1), so those calls carry the shopper's address, trusted only with this process's secret.
 */
export const clientKey = (req: FastifyRequest) => {
  const ip = req.headers['x-facet-client-ip'];
  return isInternal(req) && typeof ip === 'string' && ip ? ip : req.ip;
};

type Incr = (
  key: string,
  cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
  timeWindow: number,
  max: number,
) => void;

/**
 * Route-level limits (sign-in, codes, resets, forms, orders) count in the app's throttle — in
 * PostgreSQL, so every instance enforces one ceiling; the general per-client ceiling counts in
 * this process (docs/decisions/009-shared-state-across-instances.md says why).
 */
function storeFor(throttle: Throttle) {
  class SharedWindow {
    private readonly name: string;
    constructor(name: string) {
      this.name = name;
    }
    incr: Incr = (key, cb, timeWindow) => {
      throttle.hit(`${this.name} ${key}`, timeWindow).then(
        (w) => cb(null, { current: w.hits, ttl: w.ttlMs }),
        (err: Error) => cb(err),
      );
    };
    child() {
      return this;
    }
  }
  return class InstanceWindow {
    private windows = new Map<string, { hits: number; endsAt: number }>();
    private sweptAt = Date.now();
    incr: Incr = (key, cb, timeWindow) => {
      const now = Date.now();
      if (now - this.sweptAt > timeWindow) {
        for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
        this.sweptAt = now;
      }
      let w = this.windows.get(key);
      if (!w || w.endsAt <= now) this.windows.set(key, (w = { hits: 0, endsAt: now + timeWindow }));
      w.hits++;
      cb(null, { current: w.hits, ttl: w.endsAt - now });
    };
    child(route: { routeInfo?: { method?: string | string[]; url?: string } }) {
      return new SharedWindow(`${[route.routeInfo?.method].flat().join(',')} ${route.routeInfo?.url ?? ''}`);
    }
  };
}

/**
 * Per-client ceiling on the API. Calls a page makes to its own API are not counted: the page
 * request itself was (webPlugin's page limit), and a refused loader call would blank the page.
 */
export const apiRateLimit = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: true,
    max: app.config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    keyGenerator: clientKey,
    allowList: (req) => isInternal(req) && !req.routeOptions.config.rateLimit,
    store: storeFor(app.throttle) as never,
  });
});
