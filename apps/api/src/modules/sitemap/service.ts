import { paths } from '@facet/contracts/paths';
import { SITEMAP_URLS_MAX, type SitemapEntry, type SitemapIndex } from '@facet/contracts/sitemap';
import type { Db } from '../../db/client.ts';
import { sitemapRepository as repo } from './repository.ts';

// The store's sitemaps as data: how many child sitemaps of each kind, and their entries a page at a
// time, so the web server streams each child without the catalogue in memory.

const children = (n: number) => Math.max(1, Math.ceil(n / SITEMAP_URLS_MAX));

export async function sitemapIndex(db: Db): Promise<SitemapIndex> {
  const c = await repo.counts(db);
  return {
    products: { files: c.products ? children(c.products) : 0, lastmod: c.productsLastmod },
    diamonds: { files: c.diamonds ? children(c.diamonds) : 0, lastmod: c.diamondsLastmod },
    stoneTypes: (await repo.stoneTypes(db)).map((t) => paths.stoneType(t.slug)),
  };
}

/** One page of a child sitemap's entries: `file` (1-based) of its kind, `offset` within that file. */
export async function sitemapEntries(
  db: Db,
  kind: 'products' | 'diamonds',
  file: number,
  offset: number,
  limit: number,
): Promise<SitemapEntry[]> {
  const start = (file - 1) * SITEMAP_URLS_MAX + offset;
  const take = Math.max(0, Math.min(limit, SITEMAP_URLS_MAX - offset));
  if (!take) return [];
  if (kind === 'products')
    return (await repo.products(db, start, take)).map((p) => ({
      path: paths.product({ series: p.series, categoryId: p.categoryId, groupId: p.id, productId: p.productId }),
      lastmod: p.lastmod,
    }));
  return (await repo.diamonds(db, start, take)).map((d) => ({ path: paths.diamondOf(d), lastmod: d.lastmod }));
}
