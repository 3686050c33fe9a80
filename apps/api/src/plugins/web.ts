import { cacheLookups, ssrRenders } from '../metrics.ts';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { formsSentEarly } from './forms-sent-early.ts';
import { plainForms } from './plain-forms.ts';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import type { ServerBuild } from 'react-router';
import type { Config } from '../config.ts';
import { fromThisMachine } from './from-this-machine.ts';
import { storeFacts } from '../store-facts.ts';
import {
  bodyIn,
  cacheablePath,
  etagOf,
  inlineScriptHashes,
  keptPage,
  negotiate,
  notModified,
  pageAddress,
  PageCache,
  PageTags,
  TAG_HEADERS,
  type KeptPage,
} from '../cache/index.ts';
import { apiAnswer, pageRenderer, readShopManifest, type PageRequest } from '../web/render.ts';
import { wholePageOf } from '@facet/contracts/host';
import { RenderPool, type RawApi, type RenderedPage } from '../web/render-pool.ts';

/** Stripe's documented hosts for Stripe.js and the Payment Element (docs.stripe.com/security/guide#content-security-policy). */
const STRIPE_CSP = {
  script: ' https://js.stripe.com https://*.js.stripe.com',
  frame: ' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  connect: ' https://api.stripe.com',
};

/**
 * The page policy: scripts allowed by the answer's nonce, or by their hashes for a page kept for
 * everyone; with Stripe as the provider, exactly Stripe's hosts are added (and nothing otherwise);
 * stones' videos play (as files, or the supplier's player in a frame) only from the hosts the
 * store lists in its settings.
 */
export const pageCsp = (allow: string | { hashes: string[] }, stripe = false, videoOrigins: readonly string[] = []) => {
  const videos = videoOrigins.map((o) => ` ${o}`).join('');
  const frames = `${stripe ? STRIPE_CSP.frame : ''}${videos}`;
  return [
    "default-src 'self'",
    `script-src 'self' ${typeof allow === 'string' ? `'nonce-${allow}'` : allow.hashes.join(' ')} 'strict-dynamic'${stripe ? STRIPE_CSP.script : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${stripe ? STRIPE_CSP.connect : ''}`,
    ...(frames ? [`frame-src${frames}`] : []),
    ...(videos ? [`media-src 'self'${videos}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
};

/** A rendered page's bytes in one buffer (stream/consumers' `buffer` goes through a Blob: two more copies). */
async function readBuffer(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const splitUrl = (url: string): [string, string] => {
  const i = url.indexOf('?');
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i)];
};

const busyPage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><title>Please try again | Facet</title></head>' +
  '<body style="font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1.5rem;color:#1c1917"><h1 style="font:600 2rem Georgia,serif">We are busy for a moment</h1>' +
  '<p>Too many pages were asked for from your address in a short time. Please wait a few seconds, then reload.</p></body></html>';

export interface WebOptions {
  config: Config;
  devMailbox: boolean;
  /** Threads that render pages beside the main one (0: render on the main thread). */
  renderThreads?: number;
}

export async function webPlugin(app: FastifyInstance, opts: WebOptions) {
  const { config } = opts;
  let getBuild: () => Promise<ServerBuild>;
  let shopManifest: string | null = null;
  let pool: RenderPool | null = null;

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
    // With render threads the main thread never renders: only they load the storefront build.
    let build: Promise<ServerBuild> | undefined;
    getBuild = () => (build ??= import(pathToFileURL(serverEntry).href) as Promise<ServerBuild>);
    shopManifest = readShopManifest(serverEntry);
    if (opts.renderThreads) {
      pool = new RenderPool(opts.renderThreads, serverEntry, (err) => app.log.error({ err }, 'page-render thread'));
      await pool.ready();
      const threads = pool;
      app.addHook('onClose', () => threads.close());
    } else await getBuild();
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

  const renderHere = pageRenderer(getBuild, config.FACET_DEV === '1' ? 'development' : 'production', shopManifest);
  const pages = new PageCache();
  app.answerCache.onInvalidate((tags) => pages.invalidate(tags));
  const csp = (nonce: string) =>
    config.FACET_DEV === '1'
      ? "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws:; frame-ancestors 'none'"
      : pageCsp(nonce, config.PAYMENT_PROVIDER === 'stripe', app.storeSettings.current().videoOrigins);

  const cspHashes = (hashes: string[]) =>
    pageCsp({ hashes }, config.PAYMENT_PROVIDER === 'stripe', app.storeSettings.current().videoOrigins);
  /** A kept page: a 304 when the client holds this very page, else its bytes in the encoding asked for. */
  const answerKept = async (page: KeptPage, request: FastifyRequest, reply: FastifyReply, how: 'hit' | 'miss') => {
    const encoding = negotiate(request.headers['accept-encoding']);
    reply.header('etag', etagOf(page, encoding)).header('x-page-cache', how);
    if (notModified(page, request.headers['if-none-match'])) {
      // A 304's headers replace the stored ones: it carries the page's own policy (else the API's
      // default would be stored over it and block every script of the page the browser keeps).
      reply.status(304);
      for (const [k, v] of page.headers)
        if (k === 'content-security-policy' || k === 'cache-control' || k === 'vary') reply.header(k, v);
      return reply.send();
    }
    reply.status(page.status);
    for (const [k, v] of page.headers) reply.header(k, v);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(await bodyIn(page, encoding));
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // One URL per page: "/shipping-policy/" is "/shipping-policy" (links and search engines agree).
    const [pathname, query] = splitUrl(request.url);
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const canonical = pathname.replace(/\/+$/, '') || '/';
      return reply.redirect(`${canonical.replace(/^\/{2,}/, '/')}${query}`, 308);
    }
    const devMailbox = opts.devMailbox && fromThisMachine(request);
    const address = pageAddress(pathname, query);
    const cacheKey =
      config.FACET_DEV !== '1' && request.method === 'GET' && cacheablePath(pathname)
        ? `${devMailbox ? 'm' : ''}|${address}`
        : null;
    const began = performance.now();
    if (cacheKey) {
      const hit = pages.get(cacheKey);
      cacheLookups.inc({ cache: 'page', result: hit ? 'hit' : 'miss' });
      if (hit) {
        ssrRenders.observe({ outcome: 'kept' }, (performance.now() - began) / 1000);
        return answerKept(hit, request, reply, 'hit');
      }
    }
    // Made only for a page rendered now: a kept page carries script hashes, not a nonce.
    const nonce = randomBytes(16).toString('base64');
    const generation = pages.current();
    // The page is filed under what every answer it read is filed under (cache-tags.ts); an answer
    // that named nothing files it under ANY, which every change purges.
    const shown = new PageTags();
    const rawApi: RawApi = async (p, init) => {
      // A public answer this process keeps (current, serialised as its route does) is read as it
      // is: the same text and tags a request would get, without one.
      if ((init?.method ?? 'GET') === 'GET' && !init?.body && !init?.headers?.authorization) {
        const kept = app.answerCache.peek(`GET /api${p}`);
        if (kept) {
          shown.read(kept.tags);
          return { status: 200, text: kept.text };
        }
      }
      const res = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: `/api${p}`,
        headers: { ...init?.headers, 'x-facet-internal': app.internalSecret, 'x-facet-client-ip': request.ip },
        payload: init?.body,
      });
      shown.read(res.headers.xkey);
      return { status: res.statusCode, text: res.body };
    };
    // The store's settings as they are now: an owner's change shows on the next page.
    const settings = app.storeSettings.current();
    const page: PageRequest = {
      // A kept page is rendered as its address without campaign parameters (the one form everyone gets).
      url: new URL(cacheKey ? address : request.url, config.PUBLIC_URL).href,
      method: request.method,
      headers: [],
      // Only a plain form's page is posted to here (plain-forms.ts): its fields, as sent.
      ...(request.method === 'POST' && typeof request.body === 'string' ? { body: request.body } : {}),
      host: {
        nonce,
        publicUrl: config.PUBLIC_URL,
        store: settings.store,
        devMailbox,
        facts: storeFacts(settings, config),
        // A page kept for everyone is rendered whole (what a crawler gets), so there is one form of it.
        complete: cacheKey !== null,
      },
    };
    for (const [k, v] of Object.entries(request.headers)) {
      if (typeof v === 'string') page.headers.push([k, v]);
      else if (Array.isArray(v)) for (const vv of v) page.headers.push([k, vv]);
    }
    const controller = new AbortController();
    // The visitor went away before the page was sent. (The request's own 'close' comes as soon as a
    // posted form's body has been read, so it is the answer's that counts.)
    reply.raw.on('close', () => {
      if (!reply.sent) controller.abort();
    });
    const response: RenderedPage = pool
      ? await pool.render(page, rawApi, controller.signal)
      : await renderHere(
          page,
          async (p, init) => {
            const r = await rawApi(p, init);
            return apiAnswer(r.status, r.text);
          },
          controller.signal,
        ).then((res) => {
          // A kept page is rendered whole: its bytes come at once rather than through streams.
          const whole = wholePageOf(res);
          return {
            status: res.status,
            headers: res.headers,
            body: whole
              ? Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength)
              : res.body && Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
          };
        });
    ssrRenders.observe({ outcome: 'rendered' }, (performance.now() - began) / 1000);
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
        const body = await readBuffer(response.body);
        const headers: Array<[string, string]> = [];
        for (const [k, v] of response.headers) if (k !== 'set-cookie' && k !== 'cache-control') headers.push([k, v]);
        // Scripts allowed by hash: the answer is identical for everyone, so a CDN may keep it too
        // (revalidating every time: it cannot hear of a sold stone the way the instances do).
        headers.push(
          ['content-security-policy', cspHashes(inlineScriptHashes(body))],
          ['cache-control', 'public, no-cache'],
          ['vary', 'accept-encoding'],
        );
        // A shared cache in front keeps the page under the tags of what it shows and is purged by
        // them; a page rendered from data older than a write this instance has heard of is not
        // filed at all, so no shared cache keeps it.
        const current = generation === pages.current();
        if (current) for (const h of TAG_HEADERS) headers.push([h, shown.header()]);
        const kept = keptPage(200, headers, body, shown.header().split(' '));
        pages.set(cacheKey, kept, generation);
        return answerKept(kept, request, reply, 'miss');
      }
    }
    if (!response.body || request.method === 'HEAD') {
      if (response.body instanceof Readable) response.body.destroy();
      return reply.send();
    }
    return reply.send(response.body);
  };

  app.get('/*', { config: { rateLimit: { max: config.PAGE_RATE_LIMIT_MAX, timeWindow: '1 minute' } } }, handle);
  await app.register(plainForms, {
    rateLimitMax: config.PAGE_RATE_LIMIT_MAX,
    publicUrl: config.PUBLIC_URL,
    render: handle,
  });
  await app.register(formsSentEarly, { rateLimitMax: config.PAGE_RATE_LIMIT_MAX });
}
