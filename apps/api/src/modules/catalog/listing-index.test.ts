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
