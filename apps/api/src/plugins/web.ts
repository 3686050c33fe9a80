import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import type { Config } from '../config.ts';
import type { HostContext } from '@facet/contracts/host';

/** What the web app's entry.server exports so the host can hand it per-request values. */
interface WebEntryExports {
  hostContext: import('react-router').RouterContext<HostContext>;
}

export const pageCsp = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

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
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=86400');
      },
    });
  }

  const handler = createRequestHandler(getBuild, config.FACET_DEV === '1' ? 'development' : 'production');

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const build = await getBuild();
    const nonce = randomBytes(16).toString('base64');
    const context = new RouterContextProvider();
    const entry = build.entry.module as unknown as WebEntryExports;
    context.set(entry.hostContext, {
      nonce,
      publicUrl: config.PUBLIC_URL,
      store: { name: config.STORE_NAME, email: config.STORE_EMAIL, phone: config.STORE_PHONE, address: config.STORE_ADDRESS },
      api: async (p, init) => {
        const res = await app.inject({
          method: (init?.method ?? 'GET') as 'GET',
          url: `/api${p}`,
          headers: { ...init?.headers, 'x-facet-internal': app.internalSecret, 'x-facet-client-ip': request.ip },
          payload: init?.body,
        });
        let body: unknown;
        try { body = res.body ? JSON.parse(res.body) : null; } catch { body = null; }
        return { status: res.statusCode, body };
      },
      devMailbox: opts.devMailbox,
    });
    const url = new URL(request.url, config.PUBLIC_URL);
    const headers = new Headers();
    for (const [k, v] of Object.entries(request.headers)) {
      if (typeof v === 'string') headers.set(k, v);
      else if (Array.isArray(v)) for (const vv of v) headers.append(k, vv);
    }
    const controller = new AbortController();
    request.raw.on('close', () => { if (!reply.sent) controller.abort(); });
    const response = await handler(
      new Request(url, { method: request.method, headers, signal: controller.signal }),
      context,
    );
    reply.status(response.status);
    for (const [k, v] of response.headers) {
      if (k === 'set-cookie') continue;
      reply.header(k, v);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    if ((response.headers.get('content-type') ?? '').includes('text/html')) {
      // Vite's dev client injects scripts without a nonce and talks over a websocket.
      reply.header('content-security-policy', config.FACET_DEV === '1'
        ? "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws:; frame-ancestors 'none'"
        : pageCsp(nonce));
      if (!response.headers.has('cache-control')) reply.header('cache-control', 'no-cache');
    }
    if (!response.body || request.method === 'HEAD') return reply.send();
    return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
  };

  app.get('/*', handle);
}
