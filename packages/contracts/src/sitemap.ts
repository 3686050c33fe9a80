/** The most URLs one sitemap file may list (the sitemaps protocol's limit). */
export const SITEMAP_URLS_MAX = 50_000;
/** Entries the web server asks the API for at a time while it streams a child sitemap. */
export const SITEMAP_PAGE_MAX = 5_000;

export interface SitemapEntry {
  path: string;
  /** When the page's content last changed (ISO 8601), when known. */
  lastmod: string | null;
}
/** GET /api/sitemap: the child sitemaps to list in the index. */
export interface SitemapIndex {
  products: { files: number; lastmod: string | null };
  diamonds: { files: number; lastmod: string | null };
  /** Stone-type pages with stones on sale. */
  stoneTypes: string[];
}
