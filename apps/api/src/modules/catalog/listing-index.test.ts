import { describe, expect, it } from 'vitest';
import { ListingIndex } from './listing-index.ts';
import type { ListingEntry } from './repository.ts';

// "You may also like", from the in-process listing: the category's nearest in price, one design per
// name, never one named as the piece on show, ties to the older design.

const entry = (id: number, description: string, minPriceCents: number, categoryId = 1101): ListingEntry =>
  ({
    id,
    description,
    minPriceCents,
    categoryId,
    series: `S${id}`,
    image: {},
    defaultMetal: '14KY',
    productId: id * 10,
    metals: ['14KY'],
    photo: null,
    metalMins: null,
    featured: 0,
    createdAt: '2026-01-01T00:00:00Z',
    facets: [],
  }) as unknown as ListingEntry;

describe('related pieces', () => {
  const index = new ListingIndex([
    entry(1, 'Solitaire', 100_000),
    entry(2, 'Solitaire', 101_000), // the piece's own name: never shown beside it
    entry(3, 'Halo', 90_000),
    entry(4, 'Halo', 99_000), // the nearer of two "Halo"s
    entry(5, 'Pavé', 110_000),
    entry(6, 'Three Stone', 95_000),
    entry(7, 'Bezel', 105_000), // as near as 6: the older design first
    entry(8, 'Cathedral', 100_500, 1102), // another category
    entry(9, 'Vintage', 300_000),
  ]);
  it('nearest in price, one per name, none named as the piece, only its category', () => {
    const ids = index
      .related({ groupId: 1, description: 'Solitaire', categoryId: 1101, priceCents: 100_000, limit: 4 })
      .map((c) => c.id);
    expect(ids).toEqual([4, 6, 7, 5]);
  });
  it('gives the cards as the listing keeps them, without the listing’s own fields', () => {
    const [card] = index.related({
      groupId: 1,
      description: 'Solitaire',
      categoryId: 1101,
      priceCents: 100_000,
      limit: 1,
    });
    expect(card).toMatchObject({ id: 4, description: 'Halo', productId: 40 });
    expect(card).not.toHaveProperty('facets');
    expect(card).not.toHaveProperty('featured');
  });
});

describe('designs placed by hand', () => {
  // Rings (1101) with a sub-category (1102); "Gifts" (1200) is a collection of pieces from both.
  const entries = [
    { ...entry(1, 'Solitaire', 100_000), featured: 5 },
    entry(2, 'Halo', 90_000),
    entry(3, 'Bezel', 95_000),
    entry(4, 'Cathedral', 120_000, 1102),
    entry(5, 'Newest', 80_000),
  ] as ListingEntry[];
  const ids = (index: ListingIndex, categoryIds: number[]) =>
    index.query({ categoryIds, filters: [], sort: 'featured', limit: 10, offset: 0 }).products.map((p) => p.id);

  it('puts the placed designs first in their order, then the rest as before', () => {
    expect(ids(new ListingIndex(entries), [1101, 1102])).toEqual([1, 2, 3, 4, 5]);
    const placed = new ListingIndex(entries, [
      { categoryId: 1101, groupId: 5, position: 0 },
      { categoryId: 1101, groupId: 3, position: 1 },
    ]);
    expect(ids(placed, [1101, 1102])).toEqual([5, 3, 1, 2, 4]);
    // Another sort is the shopper's choice: placing does not touch it.
    expect(
      placed
        .query({ categoryIds: [1101, 1102], filters: [], sort: 'price-asc', limit: 10, offset: 0 })
        .products.map((p) => p.id),
    ).toEqual([5, 2, 3, 1, 4]);
  });

  it('lists a design in a collection besides its home, once, and counts it once', () => {
    const index = new ListingIndex(entries, [
      { categoryId: 1200, groupId: 4, position: 0 },
      { categoryId: 1200, groupId: 2, position: 1 },
      // In a sub-category's listing and its parent's: still one card.
      { categoryId: 1102, groupId: 1, position: 0 },
    ]);
    expect(ids(index, [1200])).toEqual([4, 2]);
    expect(ids(index, [1102])).toEqual([1, 4]);
    const all = index.query({ categoryIds: [1101, 1102], filters: [], sort: 'featured', limit: 10, offset: 0 });
    expect(all.products.map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
    expect(all.count).toBe(5);
    // And again: what one query took is free for the next.
    expect(ids(index, [1200])).toEqual([4, 2]);
  });
});
