// Whole storefront pages for anonymous visitors, kept in process. Every storefront page renders the
// same for everyone (the shopper's cart, wishlist and account are drawn in the browser), so a page
// depends only on its URL and the catalogue: it is dropped whenever the answer cache is, that is on
// every catalogue write this instance makes or hears of from PostgreSQL, within the second.
//
// A kept page is byte-for-byte the same for every visitor, so its scripts are allowed by their
// SHA-256 hashes instead of a per-answer nonce (docs/decisions/016-kept-pages-allowed-by-hash.md):
// its ETag is the content's, a browser or a CDN revalidates it with If-None-Match and gets a 304,
// and its brotli and gzip forms are made once, not per answer.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { STORE } from './cache-tags.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

export interface KeptPage {
  status: number;
  /** Every header of the answer, the content security policy included. */
  headers: Array<[string, string]>;
  body: Buffer;
  /** The content's hash: the ETag (with "-br" or "-gzip" for the compressed forms). */
  hash: string;
  compressed: Partial<Record<Encoding, Promise<Buffer>>>;
  at: number;
  /** What the page shows (cache-tags.ts): a change purges the pages that carry one of its tags. */
  tags: readonly string[];
}

/** Pages whose HTML is the same for every visitor (no form state, no per-visitor data in the render). */
const CACHEABLE =
  /^\/(?:|category\/[^/]+|product\/[^/]+\/\d+\/\d+\/\d+|diamond\/[^/]+\/\d+\/\d+\/\d+|diamonds(?:\/melee)?|notable-gemstones\/shop-by-stone-type|notable-gemstone\/[^/]+|blog(?:\/[^/]+)?|products|contact-us|gift-cards|privacy-policy|return-policy|terms-condition|shipping-policy|search)$/;

export const cacheablePath = (pathname: string) => CACHEABLE.test(pathname);

/** Parameters that say where a visitor came from (ads, mail, social), never what the page shows. */
const TRACKING = /^(?:utm_[a-z_]*|gclid|gbraid|wbraid|dclid|fbclid|msclkid|twclid|ttclid|mc_cid|mc_eid|_ga|_gl|ref)$/i;

/**
 * The address a page is rendered and kept under: the visitor's, without its tracking parameters
 * (the browser keeps them for analytics). "/product/…?utm_source=mail" is the page everyone else
 * gets, from the same kept copy, and its links and canonical address carry no campaign.
 */
export function pageAddress(pathname: string, query: string): string {
  if (!query || query === '?') return pathname;
  const kept = query
    .slice(1)
    .split('&')
    .filter((pair) => pair && !TRACKING.test(decodeURIComponentSafe(pair.split('=')[0]!)));
  return kept.length ? `${pathname}?${kept.join('&')}` : pathname;
}

const decodeURIComponentSafe = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /\btype=["']?application\/(?:ld\+)?json/i;

/** The CSP hash source of every inline script the page runs (data blocks and external scripts aside). */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  // Read byte for byte (latin1), not decoded as UTF-8: the tags are ASCII, each script's text goes
  // back to its exact UTF-8 bytes for hashing, and a whole page is copied, not decoded (~15× faster).
  for (const [, attrs, text] of html.toString('latin1').matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs!) || DATA_BLOCK.test(attrs!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text!, 'latin1').digest('base64')}'`);
  }
  return [...hashes];
}

/** The encoding to answer with: brotli, else gzip, else none (a q=0 refuses one). */
export function negotiate(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (params.some((p) => /^\s*q=0(?:\.0*)?\s*$/.test(p))) continue;
    accepted.add(name!.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

export function etagOf(page: KeptPage, encoding: Encoding | null) {
  return `"${page.hash}${encoding ? `-${encoding}` : ''}"`;
}

/** Whether If-None-Match names this page in any of its forms (a proxy may have weakened the tag). */
export function notModified(page: KeptPage, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t.replace(/^"|"$/g, '').replace(/-(?:br|gzip)$/, '') === page.hash);
}

/** The page's bytes in `encoding`, compressed once and kept beside it. */
export function bodyIn(page: KeptPage, encoding: Encoding | null): Promise<Buffer> {
  if (!encoding) return Promise.resolve(page.body);
  return (page.compressed[encoding] ??=
    encoding === 'br'
      ? brotli(page.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } })
      : gzip(page.body, { level: 6 }));
}

export function keptPage(
  status: number,
  headers: Array<[string, string]>,
  body: Buffer,
  tags: readonly string[] = [STORE],
): KeptPage {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { status, headers, body, hash, compressed: {}, at: Date.now(), tags };
}

// Room for the body and its two compressed forms.
const weight = (p: KeptPage) => Math.ceil(p.body.length * 1.4);

/** The page itself (what comes before "?" in the key): its forms are counted against a bound. */
const pathOf = (key: string) => key.split('?', 1)[0]!;

export class PageCache {
  private entries = new Map<string, KeptPage>();
  /** Forms kept per page (one per query string): no page's filters can take all the room. */
  private forms = new Map<string, number>();
  private bytes = 0;
  private generation = 0;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly formsPerPage: number;
  constructor(maxBytes = 64 * 1024 * 1024, ttlMs = 30_000, formsPerPage = 200) {
    this.maxBytes = maxBytes;
    this.ttlMs = ttlMs;
    this.formsPerPage = formsPerPage;
  }

  /** The kept page, if there is one and it is fresh. */
  get(key: string): KeptPage | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (Date.now() - hit.at >= this.ttlMs) {
      this.drop(key, hit);
      return null;
    }
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** A render to keep; `generation` is `current()` from before the render began (a write meanwhile voids it). */
  set(key: string, page: KeptPage, generation: number) {
    if (generation !== this.generation || weight(page) > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    // A page already kept in as many forms as it may be (a crawler walking random parameters) keeps
    // no more: the forms visitors already asked for stay, and other pages keep their room.
    const path = pathOf(key);
    if ((this.forms.get(path) ?? 0) >= this.formsPerPage) return;
    this.entries.set(key, page);
    this.forms.set(path, (this.forms.get(path) ?? 0) + 1);
    this.bytes += weight(page);
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(k, e);
    }
  }

  current() {
    return this.generation;
  }

  /**
   * Drops the pages a change made stale: those filed under one of `tags`, or every page (no tags,
   * or the whole store changed). A render that began before is not kept either way.
   */
  invalidate(tags?: readonly string[]) {
    this.generation++;
    if (!tags || tags.includes(STORE)) {
      this.entries.clear();
      this.forms.clear();
      this.bytes = 0;
      return;
    }
    const gone = new Set(tags);
    for (const [k, e] of this.entries) if (e.tags.some((t) => gone.has(t))) this.drop(k, e);
  }

  private drop(key: string, e: KeptPage) {
    this.entries.delete(key);
    this.bytes -= weight(e);
    const path = pathOf(key);
    const n = (this.forms.get(path) ?? 1) - 1;
    if (n > 0) this.forms.set(path, n);
    else this.forms.delete(path);
  }
}
