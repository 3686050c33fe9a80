// Type-only: pages that link to categories must not load the schema library for it.
import type { CatalogFilter } from './catalog-filters.ts';

// Storefront URLs of spec §2, built in one place.
export const paths = {
  home: () => '/',
  category: (id: number, filters?: CatalogFilter[] | null) =>
    filters && filters.length
      ? `/category/${id}?filters=${encodeURIComponent(JSON.stringify(filters))}`
      : `/category/${id}`,
  product: (p: { series: string; categoryId: number; groupId: number; productId: number }) =>
    `/product/${encodeURIComponent(p.series)}/${p.categoryId}/${p.groupId}/${p.productId}`,
  diamond: (p: { series: string; categoryId: number; groupId: number; productId: number }) =>
    `/diamond/${encodeURIComponent(p.series)}/${p.categoryId}/${p.groupId}/${p.productId}`,
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  stoneTypes: () => '/notable-gemstones/shop-by-stone-type',
  stoneType: (type: string) => `/notable-gemstone/${encodeURIComponent(type)}`,
  diamonds: () => '/diamonds',
  melee: () => '/diamonds/melee',
  blog: (slug?: string) => (slug ? `/blog/${slug}` : '/blog'),
};
