import type { ConfigureInput } from './configurator.ts';

// What the browser needs of the wishlist on every page (is this heart filled?), without a schema
// library: the schemas are in wishlist.ts.

export const WISHLIST_MAX = 500;
export const WISHLIST_FULL = `Your wishlist holds up to ${WISHLIST_MAX} pieces. Remove a few to save more.`;

/** A saved choice: a piece, a stone or parcel by id, or a ring by its whole configuration. */
export type WishChoice =
  | { kind: 'product' | 'diamond' | 'gemstone' | 'melee'; id: number }
  | { kind: 'configured'; configuration: ConfigureInput };

/** JSON with keys in order: two spellings of one configuration are one key. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * What a saved item is, e.g. "diamond:123" or a ring's whole configuration. The same function
 * runs in the browser (is this heart filled?) and on the server (no duplicates).
 */
export function wishKey(item: WishChoice): string {
  if (item.kind !== 'configured') return `${item.kind}:${item.id}`;
  const c: ConfigureInput = item.configuration;
  return `configured:${canonical({ ...c, stones: [...(c.stones ?? [])].sort((a, b) => a.location - b.location) })}`;
}
