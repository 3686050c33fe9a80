import type { Route } from './+types/sitemap';
import type { MenuSection } from '@facet/contracts/menu';
import { apiRequest } from '~/lib/api.ts';
import { hostContext } from '~/lib/host-context.ts';
import { listContent } from '~/lib/content.server.ts';

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function loader({ context }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  const menu = await apiRequest<MenuSection[]>('/menu', {}, host).catch(() => [] as MenuSection[]);
  const urls = new Set<string>([
    '/',
    '/diamonds',
    '/diamonds/melee',
    '/notable-gemstones/shop-by-stone-type',
    '/contact-us',
    '/blog',
    '/privacy-policy',
    '/return-policy',
    '/terms-condition',
    '/shipping-policy',
  ]);
  for (const s of menu)
    for (const g of s.groups)
      for (const i of g.items) if (i.categoryId != null && !i.filters) urls.add(`/category/${i.categoryId}`);
  for (const p of listContent('blog')) urls.add(`/blog/${p.slug}`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[
    ...urls,
  ]
    .map((u) => `  <url><loc>${escapeXml(host.publicUrl + u)}</loc></url>`)
    .join('\n')}\n</urlset>\n`;
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
