import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProductCard as Card } from '@facet/contracts/catalog';
import { ProductCard, shownCard } from './product-card.tsx';

const card: Card = {
  groupId: 41,
  productId: 1203,
  series: 'ER10041',
  categoryId: 1101,
  GroupDescription: 'Cathedral Solitaire Engagement Ring for Oval 1.00 ct',
  priceCents: 189_000,
  wasCents: 210_000,
  sale: { name: 'Winter Sale', percent: 10, endsAt: '2026-12-31T23:59:59Z' },
  image: '/img/item/er10041-14kw.svg',
  metals: ['14KW', '14KY', 'PLAT'],
  href: '/product/er10041/1101/41/1203',
  rating: { count: 12, average: 4.6 },
};

const drawn = (c: Parameters<typeof ProductCard>[0]['card']) =>
  renderToString(
    <MemoryRouter>
      <ProductCard card={c} />
    </MemoryRouter>,
  );

describe('a card as a page keeps it', () => {
  it('draws exactly what the whole card draws', () => {
    expect(drawn(shownCard(card))).toBe(drawn(card));
    expect(drawn(card)).toContain('Winter Sale');
    const plain: Card = { ...card, wasCents: undefined, sale: undefined, rating: undefined };
    expect(drawn(shownCard(plain))).toBe(drawn(plain));
  });

  it('leaves out what the card never reads, and absent fields stay absent', () => {
    const shown = shownCard(card);
    expect(Object.keys(shown)).not.toEqual(expect.arrayContaining(['groupId']));
    expect(shown).not.toHaveProperty('series');
    expect(shown).not.toHaveProperty('categoryId');
    expect(JSON.stringify(shown).length).toBeLessThan(JSON.stringify(card).length);
    expect(Object.keys(shownCard({ ...card, wasCents: undefined, sale: undefined, rating: undefined }))).toEqual([
      'productId',
      'GroupDescription',
      'href',
      'image',
      'priceCents',
      'metals',
    ]);
  });
});
