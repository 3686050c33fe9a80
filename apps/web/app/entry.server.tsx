import { PassThrough, Writable } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { hostContext } from './lib/host-context.ts';
import { withWholePage } from '@facet/contracts/host';
import { DrawnPartsContext } from './features/layout/drawn-parts.tsx';
import * as footerParts from './features/layout/footer-parts.tsx';
import { HomePartsContext } from './features/home/drawn-parts.tsx';
import { Hero } from './features/home/hero.tsx';
import { CategoryTiles } from './features/home/category-tiles.tsx';
import { Promises } from './features/home/promises.tsx';
import { contentFirst, contentFirstWhole, wantsScriptsFirst } from './lib/content-first.ts';

// The parts the browser keeps as the server drew them (features/layout/drawn-parts.tsx): drawn here for real.
const SERVER_PARTS = { ...footerParts };
const HOME_PARTS = { Hero, CategoryTiles, Promises };

// The host server reads this export to hand each request its context (see apps/api/src/plugins/web.ts).
export { hostContext };

export const streamTimeout = 10_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, complete } = loadContext.get(hostContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // A render still waiting on data after this long is cut short; cleared once it is done, so a
    // finished render is not held in memory by its timer.
    const deadline = setTimeout(() => abort(), streamTimeout + 1000);
    const userAgent = request.headers.get('user-agent');
    // Crawlers and SPA-less clients get the full document at once; browsers get the shell early.
    const whole = complete || (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    const scriptsFirst = () =>
      wantsScriptsFirst(
        routerContext.staticHandlerContext.matches.map((m) => routerContext.routeModules[m.route.id]?.handle),
      );
    const respond = (body: BodyInit | null) => {
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      return new Response(body, { headers: responseHeaders, status: responseStatusCode });
    };
    const { pipe, abort } = renderToPipeableStream(
      <DrawnPartsContext value={SERVER_PARTS}>
        <HomePartsContext value={HOME_PARTS}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </HomePartsContext>
      </DrawnPartsContext>,
      {
        nonce,
        // A page wanted whole (kept for everyone, or for a crawler) is rendered to one buffer:
        // nothing reads it before it is complete, so it crosses no streams on its way and reaches
        // the host beside its Response (withWholePage).
        onAllReady() {
          clearTimeout(deadline);
          if (!whole) return;
          shellRendered = true;
          const chunks: Uint8Array[] = [];
          pipe(
            new Writable({
              write(chunk: Uint8Array, _enc, cb) {
                chunks.push(chunk);
                cb();
              },
              final(cb) {
                const page = Buffer.concat(chunks);
                resolve(withWholePage(respond(null), scriptsFirst() ? page : contentFirstWhole(page, nonce)));
                cb();
              },
            }),
          );
        },
        onShellReady() {
          if (whole) return;
          shellRendered = true;
          const body = new PassThrough();
          const page = scriptsFirst() ? body : contentFirst(nonce);
          if (page !== body) page.pipe(body);
          resolve(respond(createReadableStreamFromReadable(body)));
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(deadline);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
