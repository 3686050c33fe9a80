import { data } from 'react-router';
import type { Route } from './+types/sitemap-child';
import type { MenuSection } from '@facet/contracts/menu';
import { SITEMAP_PAGE_MAX, type SitemapEntry, type SitemapIndex } from '@facet/contracts/sitemap';
import { apiRequest } from '~/lib/api.ts';
import { hostContext } from '~/lib/host-context.ts';
import { loadPosts } from '~/lib/content.ts';
import { SITEMAP_HEADERS, URLSET_CLOSE, URLSET_OPEN, urlEntry } from '~/lib/sitemap-xml.ts';

// One child sitemap. "pages": the static pages, categories, stone types and blog posts. The
// product and diamond sitemaps are streamed: their entries are read 5,000 at a time and written
// as they come, so not even one child (50,000 URLs) is held as a string.

const STATIC = [
  '/',
  '/diamonds',
  '/diamonds/melee',
  '/notable-gemstones/shop-by-stone-type',
  '/contact-us',
  '/gift-cards',
  '/blog',
  '/privacy-policy',
  '/return-policy',
  '/terms-condition',
  '/shipping-policy',
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  const name = params.name ?? '';
  if (name === 'pages.xml') {
    const [menu, index, posts] = await Promise.all([
      apiRequest<MenuSection[]>('/menu', {}, host),
      apiRequest<SitemapIndex>('/sitemap', {}, host),
      loadPosts(host),
    ]);
    const urls = new Set(STATIC);
    for (const s of menu)
      for (const g of s.groups)
        for (const i of g.items) if (i.categoryId != null && !i.filters) urls.add(`/category/${i.categoryId}`);
    for (const t of index.stoneTypes) urls.add(t);
    let body = URLSET_OPEN;
    for (const u of urls) body += urlEntry(host.publicUrl + u);
    for (const p of posts)
      body += urlEntry(`${host.publicUrl}/blog/${p.slug}`, p.date ? new Date(p.date).toISOString() : null);
    return new Response(body + URLSET_CLOSE, { headers: SITEMAP_HEADERS });
  }
  const m = /^(products|diamonds)-(\d{1,5})\.xml$/.exec(name);
  if (!m) throw data({ message: 'No such sitemap.' }, { status: 404 });
  const kind = m[1] as 'products' | 'diamonds';
  const file = Number(m[2]);
  const page = (offset: number) =>
    apiRequest<SitemapEntry[]>(
      `/sitemap/entries?kind=${kind}&file=${file}&offset=${offset}&limit=${SITEMAP_PAGE_MAX}`,
      {},
      host,
    );
  // The first page before the answer starts: a file past the last one is a 404, not an empty set.
  const first = await page(0);
  if (!first.length && file > 1) throw data({ message: 'No such sitemap.' }, { status: 404 });
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        controller.enqueue(encoder.encode(URLSET_OPEN));
        let entries = first;
        let offset = 0;
        for (;;) {
          controller.enqueue(encoder.encode(entries.map((e) => urlEntry(host.publicUrl + e.path, e.lastmod)).join('')));
          offset += entries.length;
          if (entries.length < SITEMAP_PAGE_MAX) break;
          entries = await page(offset);
        }
        controller.enqueue(encoder.encode(URLSET_CLOSE));
        controller.close();
      } catch (err) {
        // Cut short: a crawler sees a broken file and asks again, never a shorter list as if complete.
        controller.error(err);
      }
    },
  });
  return new Response(stream, { headers: SITEMAP_HEADERS });
}
