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
