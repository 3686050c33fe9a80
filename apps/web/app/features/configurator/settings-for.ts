import { CENTER_SIZES_CT, centerRange } from '@facet/contracts/center-fit';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';
import type { CatalogFilter } from '@facet/contracts/catalog-filters';

// The ring builder from a stone: the settings whose head fits it (same shape; the head's carat
// range holds the stone — the same rule the configurator checks). The stone travels with every link.

export function settingsFor(stone: { kind: 'diamond' | 'gemstone'; id: number; shape: string; carat: number }) {
  const sizes = CENTER_SIZES_CT.filter((s) => {
    const r = centerRange(s);
    return stone.carat >= r.caratMin && stone.carat <= r.caratMax;
  }).map((s) => `${s.toFixed(2)} ct`);
  const filters = [
    { label: 'primary stone shape', matchType: 'exact', options: [stone.shape] },
    ...(sizes.length ? [{ label: 'center size', matchType: 'exact', options: sizes }] : []),
  ];
  return `${paths.category(CATEGORY.engagement, filters as CatalogFilter[])}&stone=${stone.kind[0]}${stone.id}`;
}

/** Only our own product pages may be returned to (never another site). */
export function safeReturnTo(raw: string | null): string | null {
  return raw && /^\/product\/[^/?#\\][^?#\\]*(\?[^#\\]*)?$/.test(raw) && !raw.startsWith('//') ? raw : null;
}

/** The product page to return to, with the chosen center stone set. */
export function withCenterStone(returnTo: string, param: string) {
  const url = new URL(returnTo, 'http://facet.local');
  url.searchParams.set('s1', param);
  return `${url.pathname}${url.search}`;
}
