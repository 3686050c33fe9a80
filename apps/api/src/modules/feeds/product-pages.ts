import { RefusedFetch, safeFetch, type SafeFetchOptions, type SafeResponse } from './safe-fetch.ts';

// A product feed at a URL comes in pages: each answer has `Products` and, while there are more,
// a `NextPage` cursor, asked for with the same URL and a NextPage parameter. The pages are kept
// as they came, one JSON page per line, the layout a product feed file may have.

const PAGES_MAX = 2_000;

export interface FetchedPages {
  /** The first page's answer (a 304 means unchanged: no other page is asked for). */
  first: SafeResponse;
  body: Buffer;
  pages: number;
}

export async function fetchProductPages(
  url: string,
  opts: SafeFetchOptions & { maxBytes: number },
): Promise<FetchedPages> {
  const first = await safeFetch(url, opts);
  if (first.status !== 200) return { first, body: first.body, pages: 0 };
  const bodies = [first.body];
  let size = first.body.length;
  let page = first.body;
  for (let n = 1; ; n++) {
    let cursor: unknown;
    try {
      cursor = (JSON.parse(page.toString('utf8')) as { NextPage?: unknown }).NextPage;
    } catch {
      throw new RefusedFetch(`page ${n} of ${url} is not JSON`);
    }
    if (typeof cursor !== 'string' && typeof cursor !== 'number') break;
    if (cursor === '' || n >= PAGES_MAX) break;
    const next = new URL(url);
    next.searchParams.set('NextPage', String(cursor));
    // Only the first page is asked "changed since?": the rest belong to that answer.
    const { headers: _conditional, ...rest } = opts;
    const res = await safeFetch(next.toString(), { ...rest, maxBytes: opts.maxBytes - size });
    if (res.status !== 200) throw new RefusedFetch(`page ${n + 1} of ${url}: the supplier answered ${res.status}`);
    size += res.body.length + 1;
    bodies.push(res.body);
    page = res.body;
  }
  return {
    first,
    body: Buffer.concat(bodies.flatMap((b, i) => (i ? [Buffer.from('\n'), b] : [b]))),
    pages: bodies.length,
  };
}
