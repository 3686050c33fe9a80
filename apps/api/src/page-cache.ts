// Whole storefront pages for anonymous visitors, kept in process. Every storefront page renders the
// same for everyone (the shopper's cart, wishlist and account are drawn in the browser), so a page
// depends only on its URL and the catalogue: it is dropped whenever the answer cache is, that is on
// every catalogue write this instance makes or hears of from PostgreSQL, within the second.
//
// The page's CSP nonce is per response: an entry keeps the nonce it was rendered with, and each
// answer gets a fresh one written over it, so no two responses share a nonce.

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  html: string;
  /** The nonce the page was rendered with, replaced on every answer. */
  nonce: string;
  at: number;
}

/** Pages whose HTML is the same for every visitor (no form state, no per-visitor data in the render). */
const CACHEABLE =
  /^\/(?:|category\/[^/]+|product\/[^/]+\/\d+\/\d+\/\d+|diamond\/[^/]+\/\d+\/\d+\/\d+|diamonds(?:\/melee)?|notable-gemstones\/shop-by-stone-type|notable-gemstone\/[^/]+|blog(?:\/[^/]+)?|privacy-policy|return-policy|terms-condition|shipping-policy|search)$/;

export const cacheablePath = (pathname: string) => CACHEABLE.test(pathname);

export class PageCache {
  private entries = new Map<string, CachedPage>();
  private bytes = 0;
  private generation = 0;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  constructor(maxBytes = 64 * 1024 * 1024, ttlMs = 30_000) {
    this.maxBytes = maxBytes;
    this.ttlMs = ttlMs;
  }

  /** The page with `nonce` in place of the one it was rendered with, if it is cached and fresh. */
  get(key: string, nonce: string): { status: number; headers: Array<[string, string]>; html: string } | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (Date.now() - hit.at >= this.ttlMs) {
      this.drop(key, hit);
      return null;
    }
    this.entries.delete(key);
    this.entries.set(key, hit);
    return { status: hit.status, headers: hit.headers, html: hit.html.replaceAll(hit.nonce, nonce) };
  }

  /** A render to keep; `generation` is `current()` from before the render began (a write meanwhile voids it). */
  set(key: string, page: Omit<CachedPage, 'at'>, generation: number) {
    if (generation !== this.generation || page.html.length > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { ...page, at: Date.now() });
    this.bytes += page.html.length;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(k, e);
    }
  }

  current() {
    return this.generation;
  }

  invalidate() {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  private drop(key: string, e: CachedPage) {
    this.entries.delete(key);
    this.bytes -= e.html.length;
  }
}
