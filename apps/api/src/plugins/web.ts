import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import type { Config } from '../config.ts';
import { fromThisMachine } from '../modules/mail/mailbox.ts';
import { storeFacts } from '../store-facts.ts';
import type { HostContext } from '@facet/contracts/host';
import { isbot } from 'isbot';
import { cacheablePath, PageCache } from '../page-cache.ts';

/** What the web app's entry.server exports so the host can hand it per-request values. */
interface WebEntryExports {
  hostContext: import('react-router').RouterContext<HostContext>;
}

/** Stripe's documented hosts for Stripe.js and the Payment Element (docs.stripe.com/security/guide#content-security-policy). */
const STRIPE_CSP = {
  script: ' https://js.stripe.com https://*.js.stripe.com',
  frame: ' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  connect: ' https://api.stripe.com',
};

/** The page policy; with Stripe as the provider, exactly Stripe's hosts are added (and nothing otherwise). */
export const pageCsp = (nonce: string, stripe = false) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${stripe ? STRIPE_CSP.script : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${stripe ? STRIPE_CSP.connect : ''}`,
    ...(stripe ? [`frame-src${STRIPE_CSP.frame}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

const splitUrl = (url: string): [string, string] => {
  const i = url.indexOf('?');
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i)];
};

const busyPage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><title>Please try again | Facet</title></head>' +
  '<body style="font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1.5rem;color:#1c1917"><h1 style="font:600 2rem Georgia,serif">We are busy for a moment</h1>' +
  '<p>Too many pages were asked for from your address in a short time. Please wait a few seconds, then reload.</p></body></html>';

export async function webPlugin(app: FastifyInstance, opts: { config: Config; devMailbox: boolean }) {
  const { config } = opts;
  let getBuild: () => Promise<ServerBuild>;

  if (config.FACET_DEV === '1') {
    // Dev: Vite in middleware mode gives hot reload for the storefront on the same port.
    const { createServer } = await import('vite');
    const middie = (await import('@fastify/middie')).default;
    const vite = await createServer({
      root: path.join(config.repoRoot, 'apps/web'),
      server: { middlewareMode: true },
    });
    await app.register(middie);
    app.use((req, res, next) => (req.url?.startsWith('/api/') ? next() : vite.middlewares(req, res, next)));
    getBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    app.addHook('onClose', () => vite.close());
  } else {
    const serverEntry = path.join(config.WEB_BUILD_DIR, 'server/index.js');
    if (!fs.existsSync(serverEntry)) {
      throw new Error(`No storefront build at ${serverEntry}. Run "npm run build" (npm start does it for you).`);
    }
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    getBuild = async () => build;
    await app.register(fastifyStatic, {
      root: path.join(config.WEB_BUILD_DIR, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      // scripts/compress-assets.mjs wrote .br and .gz beside each asset at build time.
      preCompressed: true,
      // Hashed assets never change; everything else (favicon, robots) revalidates daily.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=86400',
        );
      },
    });
  }

  // Pages count once per request against the visitor (the API calls a page makes in-process are
  // not counted again). The ceiling suits real crawlers: 10 pages a second from one address passes.
  await app.register(rateLimit, { global: false });
  app.setErrorHandler((err: { statusCode?: number }, request, reply) => {
    if (err.statusCode === 429) {
      return reply.status(429).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(busyPage);
    }
    request.log.error({ err }, 'page failed');
    return reply
      .status(500)
      .type('text/html; charset=utf-8')
      .send(busyPage.replace('busy for a moment', 'sorry: something went wrong'));
  });

  const facts = storeFacts(config);
  const handler = createRequestHandler(getBuild, config.FACET_DEV === '1' ? 'development' : 'production');
  const pages = new PageCache();
  app.answerCache.onInvalidate(() => pages.invalidate());
  const csp = (nonce: string) =>
    config.FACET_DEV === '1'
      ? "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws:; frame-ancestors 'none'"
      : pageCsp(nonce, config.PAYMENT_PROVIDER === 'stripe');

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // One URL per page: "/shipping-policy/" is "/shipping-policy" (links and search engines agree).
    const [pathname, query] = splitUrl(request.url);
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const canonical = pathname.replace(/\/+$/, '') || '/';
      return reply.redirect(`${canonical.replace(/^\/{2,}/, '/')}${query}`, 308);
    }
    const nonce = randomBytes(16).toString('base64');
    const devMailbox = opts.devMailbox && fromThisMachine(request);
    // Bots get the page with every deferred part in place; people get it streamed: two renders of one URL.
    const cacheKey =
      config.FACET_DEV !== '1' && request.method === 'GET' && cacheablePath(pathname)
        ? `${isbot(request.headers['user-agent'] ?? '') ? 'bot' : 'web'}|${devMailbox ? 'm' : ''}|${request.url}`
        : null;
    if (cacheKey) {
      const hit = pages.get(cacheKey, nonce);
      if (hit) {
        reply.status(hit.status);
        for (const [k, v] of hit.headers) reply.header(k, v);
        return reply.header('content-security-policy', csp(nonce)).header('x-page-cache', 'hit').send(hit.html);
      }
    }
    const generation = pages.current();
    const build = await getBuild();
    const context = new RouterContextProvider();
    const entry = build.entry.module as unknown as WebEntryExports;
    context.set(entry.hostContext, {
      nonce,
      publicUrl: config.PUBLIC_URL,
      store: {
        name: config.STORE_NAME,
        email: config.STORE_EMAIL,
        phone: config.STORE_PHONE,
        address: config.STORE_ADDRESS,
      },
      api: async (p, init) => {
        const res = await app.inject({
          method: (init?.method ?? 'GET') as 'GET',
          url: `/api${p}`,
          headers: { ...init?.headers, 'x-facet-internal': app.internalSecret, 'x-facet-client-ip': request.ip },
          payload: init?.body,
        });
        let body: unknown;
        try {
          body = res.body ? JSON.parse(res.body) : null;
        } catch {
          body = null;
        }
        return { status: res.statusCode, body };
      },
      devMailbox,
      facts,
    });
    const url = new URL(request.url, config.PUBLIC_URL);
    const headers = new Headers();
    for (const [k, v] of Object.entries(request.headers)) {
      if (typeof v === 'string') headers.set(k, v);
      else if (Array.isArray(v)) for (const vv of v) headers.append(k, vv);
    }
    const controller = new AbortController();
    request.raw.on('close', () => {
      if (!reply.sent) controller.abort();
    });
    const response = await handler(
      new Request(url, { method: request.method, headers, signal: controller.signal }),
      context,
    );
    reply.status(response.status);
    // A page that could not be answered right now tells clients (and crawlers) when to come back.
    if ((response.status === 429 || response.status === 503) && !response.headers.has('retry-after'))
      reply.header('retry-after', '5');
    for (const [k, v] of response.headers) {
      if (k === 'set-cookie') continue;
      reply.header(k, v);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    if ((response.headers.get('content-type') ?? '').includes('text/html')) {
      // Vite's dev client injects scripts without a nonce and talks over a websocket.
      reply.header('content-security-policy', csp(nonce));
      if (!response.headers.has('cache-control')) reply.header('cache-control', 'no-cache');
      // A page that is the same for everyone is kept whole for the next visitor.
      const cc = response.headers.get('cache-control') ?? '';
      if (cacheKey && response.status === 200 && response.body && !cookies.length && !/private|no-store/.test(cc)) {
        const html = await response.text();
        const headers: Array<[string, string]> = [];
        for (const [k, v] of response.headers) if (k !== 'set-cookie') headers.push([k, v]);
        if (!response.headers.has('cache-control')) headers.push(['cache-control', 'no-cache']);
        pages.set(cacheKey, { status: 200, headers, html, nonce }, generation);
        return reply.header('x-page-cache', 'miss').send(html);
      }
    }
    if (!response.body || request.method === 'HEAD') return reply.send();
    return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
  };

  app.get('/*', { config: { rateLimit: { max: config.PAGE_RATE_LIMIT_MAX, timeWindow: '1 minute' } } }, handle);
}
