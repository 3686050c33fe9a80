// What a public answer or kept page shows, as tags a shared cache in front (Varnish with xkey, or a
// CDN that speaks Surrogate-Key) files it under; and which tags a change to the catalogue purges.
// A page's tags are the union of the tags of the answers its render read, so a page cannot show
// something it is not filed under as long as every answer names what it is built from.

/** Every answer and page: the store's settings, menu, categories, content, sales and prices. */
export const STORE = 'store';
/** A page built from an answer that named nothing: purged on every change, whatever it was. */
export const ANY = 'any';

export const tags = {
  /** Pieces (products, their photos, attributes and worked-out prices), in lists or alone. */
  products: 'products',
  /** Anything built from diamonds: lists, counts and single stones. */
  stones: 'stones',
  /** Lists and counts of diamonds (a sold stone leaves every list). */
  stoneLists: 'stone-lists',
  /** The count of diamonds as copy quotes it ("10,000+"): purged when those words change. */
  stoneCount: 'stone-count',
  /** One diamond's own answer and page. */
  stone: (id: number) => `stone-${id}`,
  gemstones: 'gemstones',
  melee: 'melee',
} as const;

/** Headers a shared cache reads: Varnish's xkey module, and the Surrogate-Key of Fastly-style CDNs. */
export const TAG_HEADERS = ['xkey', 'surrogate-key'] as const;

export const tagHeader = (list: Iterable<string>) => [...new Set([STORE, ...list])].join(' ');

/**
 * A page's tags while it renders: the union of the tags of the answers it reads. An answer that
 * names none (a route that forgot to say what it is built from) files the page under ANY.
 */
export class PageTags {
  private readonly seen = new Set<string>();
  read(named: string | string[] | number | undefined) {
    if (typeof named === 'string' && named) for (const t of named.split(' ')) this.seen.add(t);
    else this.seen.add(ANY);
  }
  header() {
    return tagHeader(this.seen);
  }
}

/** The tags one change notification (a table, or "diamond:<id>,<id>…") purges. */
export function tagsForChange(payload: string): string[] {
  const [table, ids] = payload.split(':', 2) as [string, string | undefined];
  switch (table) {
    case 'diamond':
      if (!ids) return [tags.stones, tags.stoneCount, ANY];
      return [
        ...ids
          .split(',')
          .filter((id) => /^\d+$/.test(id))
          .map((id) => tags.stone(Number(id))),
        tags.stoneLists,
        ANY,
      ];
    // Photographs belong to diamonds and to notable gemstones.
    case 'stone_photo':
      return [tags.stones, tags.gemstones, ANY];
    case 'notable_gemstone':
    case 'gemstone_type':
      return [tags.gemstones, ANY];
    case 'melee_parcel':
      return [tags.melee, ANY];
    case 'product':
    case 'product_group':
    case 'product_attribute':
    case 'product_photo':
    case 'category_placement':
    case 'metal_rate':
    case 'configuration_model':
    case 'review': // approved, hidden or answered: its piece's page, and the stars on the cards
      return [tags.products, ANY];
    // Settings, menu, categories, content pages, sales — and anything not named above — are on
    // every page: everything goes.
    default:
      return [STORE];
  }
}
