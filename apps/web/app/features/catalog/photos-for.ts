import type { DesignPhoto } from '@facet/contracts/catalog';

/**
 * The photographs in the order a shopper looking at `metal` wants them: that metal's first, then
 * those of any metal, then other metals' (each group in staff's order).
 */
export function photosFor<P extends Pick<DesignPhoto, 'metal'>>(photos: readonly P[], metal: string): P[] {
  const rank = (p: P) => (p.metal === metal ? 0 : p.metal === null ? 1 : 2);
  return photos
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i)
    .map(({ p }) => p);
}
