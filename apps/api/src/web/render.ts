// One storefront page render, the same on the main thread and in a render thread: the request as
// plain data (so it can cross to a worker) plus the in-process API the loaders call.
import fs from 'node:fs';
import path from 'node:path';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import type { HostContext } from '@facet/contracts/host';

/** What the web app's entry.server exports so the host can hand it per-request values. */
interface WebEntryExports {
  hostContext: import('react-router').RouterContext<HostContext>;
}

/** The host context without its API function: plain data a worker thread can receive. */
export type PageHost = Omit<HostContext, 'api'>;
export type PageApi = HostContext['api'];

export interface PageRequest {
  /** Absolute URL of the page. */
  url: string;
  method: string;
  headers: Array<[string, string]>;
  /** A plain form's fields (URL-encoded), sent to a page that takes them without scripts. */
  body?: string;
  host: PageHost;
}

/**
 * The route manifest a storefront page loads (scripts/shop-manifest.mjs wrote it beside the server
 * build): the whole manifest without the back office's routes. Null when the build has none (a
 * development server, an older build): every page then loads the whole manifest.
 */
export function readShopManifest(serverEntry: string): string | null {
  const file = path.join(path.dirname(serverEntry), 'shop-manifest.json');
  if (!fs.existsSync(file)) return null;
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { url: string }).url;
}

/** A back-office page: the only pages whose browser moves to back-office routes, so the only ones given them. */
const backOffice = (url: string) => /^\/admin(\/|$)/.test(new URL(url).pathname);

export function pageRenderer(
  getBuild: () => Promise<ServerBuild>,
  mode: 'development' | 'production',
  shopManifestUrl: string | null = null,
) {
  // Given a function, React Router re-derives its route tables from the build on every request (so
  // development can swap builds); a production build never changes, so its handlers are made once.
  const reloading = mode === 'development' ? createRequestHandler(getBuild, mode) : null;
  let whole: ReturnType<typeof createRequestHandler> | undefined;
  let shop: ReturnType<typeof createRequestHandler> | undefined;
  const fixed = (build: ServerBuild, url: string) => {
    whole ??= createRequestHandler(build, mode);
    if (!shopManifestUrl || backOffice(url)) return whole;
    // The same build whose pages name the storefront's manifest: React Router writes `assets.url`
    // into the page's script, and the browser builds its routes from what that file holds.
    shop ??= createRequestHandler({ ...build, assets: { ...build.assets, url: shopManifestUrl } }, mode);
    return shop;
  };
  return async (req: PageRequest, api: PageApi, signal: AbortSignal): Promise<Response> => {
    const build = await getBuild();
    const handler = reloading ?? fixed(build, req.url);
    const context = new RouterContextProvider();
    context.set((build.entry.module as unknown as WebEntryExports).hostContext, { ...req.host, api });
    const headers = new Headers();
    for (const [k, v] of req.headers) headers.append(k, v);
    return handler(new Request(req.url, { method: req.method, headers, signal, body: req.body }), context);
  };
}

/** The API's answer as the loaders read it; an unparsable body reads as null. */
export function apiAnswer(status: number, text: string): { status: number; body: unknown } {
  try {
    return { status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch {
    return { status, body: null };
  }
}
