// What the host server (apps/api/src/plugins/web.ts) gives each storefront request.
export interface HostContext {
  nonce: string;
  publicUrl: string;
  store: { name: string; email: string; phone: string; address: string };
  /** Calls the API in-process (no socket): SSR uses the same routes and envelope as the browser. */
  api: (
    path: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<{ status: number; body: unknown }>;
  devMailbox: boolean;
  /** Render the whole document before the first byte (a page kept for every visitor), as for crawlers. */
  complete?: boolean;
  /** Shipping, lead-time and return promises, from the server's configuration. */
  facts: import('./store-facts.ts').StoreFacts;
}

/**
 * A page rendered whole (every kept page, every crawler's) reaches the host as its bytes beside an
 * empty Response rather than as its body: a Response copies the bytes it is given and wraps them in
 * a stream the host would only read back into one buffer. Symbol.for, because the web build and
 * the host each carry their own copy of this module.
 */
const WHOLE_PAGE = Symbol.for('facet.wholePage');

export function withWholePage(res: Response, bytes: Uint8Array): Response {
  (res as Response & { [WHOLE_PAGE]?: Uint8Array })[WHOLE_PAGE] = bytes;
  return res;
}

/** The bytes of a page rendered whole, when the response carries them (else read its body). */
export const wholePageOf = (res: Response): Uint8Array | undefined =>
  (res as Response & { [WHOLE_PAGE]?: Uint8Array })[WHOLE_PAGE];
