import type { Route } from './+types/sitemap';
import type { SitemapIndex } from '@facet/contracts/sitemap';
import { apiRequest } from '~/lib/api.ts';
import { hostContext } from '~/lib/host-context.ts';
import { escapeXml, SITEMAP_HEADERS } from '~/lib/sitemap-xml.ts';

// /sitemap.xml is an index: the store's pages, then its products and diamonds in child sitemaps of
// at most 50,000 URLs each (/sitemaps/products-1.xml, …), each streamed as it is read.

export async function loader({ context }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  const index = await apiRequest<SitemapIndex>('/sitemap', {}, host);
  const children: Array<{ name: string; lastmod: string | null }> = [{ name: 'pages', lastmod: null }];
  for (let i = 1; i <= index.products.files; i++)
    children.push({ name: `products-${i}`, lastmod: index.products.lastmod });
  for (let i = 1; i <= index.diamonds.files; i++)
    children.push({ name: `diamonds-${i}`, lastmod: index.diamonds.lastmod });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${children
    .map(
      (c) =>
        `  <sitemap><loc>${escapeXml(`${host.publicUrl}/sitemaps/${c.name}.xml`)}</loc>${c.lastmod ? `<lastmod>${c.lastmod}</lastmod>` : ''}</sitemap>\n`,
    )
    .join('')}</sitemapindex>\n`;
  return new Response(body, { headers: SITEMAP_HEADERS });
}
