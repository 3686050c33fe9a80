import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@facet/contracts/catalog';
import { productPage } from './product-page.ts';

const variant = (id: number, metal: string, fingerSize: number) => ({
  id,
  sku: `R1:${metal}:S${fingerSize}`,
  metal,
  metalName: metal === '14KW' ? '14K White Gold' : '18K Yellow Gold',
  fingerSize,
  lengthIn: null,
  weightG: 2.5,
  priceCents: 100_000 + id,
  wasCents: null,
  sale: null,
  stock: id,
  leadDays: 14,
});
const detail = {
  groupId: 1,
  series: 'R1',
  variants: [variant(11, '14KW', 6), variant(12, '14KW', 7), variant(13, '18KY', 6)],
  selectedProductId: 12,
} as unknown as ProductDetail;

describe('a product as its page reads it', () => {
  it('has the variant on show in full', () => {
    expect(productPage(detail).selected).toEqual(variant(12, '14KW', 7));
  });

  it('keeps every variant, in order, as what finds it: id, metal, size and length', () => {
    expect(productPage(detail).variants).toEqual([
      { id: 11, metal: '14KW', fingerSize: 6, lengthIn: null },
      { id: 12, metal: '14KW', fingerSize: 7, lengthIn: null },
      { id: 13, metal: '18KY', fingerSize: 6, lengthIn: null },
    ]);
  });

  it('carries no other variant’s SKU, price or stock to the browser, but the cheapest one’s price', () => {
    const text = JSON.stringify(productPage(detail));
    expect(text).not.toContain(`"priceCents":${100_000 + 13}`);
    for (const other of [11, 13]) expect(text).not.toContain(variant(other, other === 11 ? '14KW' : '18KY', 6).sku);
    expect(text).not.toContain('"stock":11');
  });

  it('names the variant the card\'s "from" prices when the one on show costs more, and nothing when it is the least', () => {
    expect(productPage(detail).cheapest).toEqual({
      id: 11,
      priceCents: 100_011,
      wasCents: null,
      metalName: '14K White Gold',
      fingerSize: 6,
      lengthIn: null,
    });
    expect(productPage({ ...detail, selectedProductId: 11 }).cheapest).toBeNull();
    // A configurable piece's "from" is its least configuration, named by the configurator.
    expect(productPage({ ...detail, configuration: {} } as unknown as ProductDetail).cheapest).toBeNull();
  });

  it('refuses an answer whose selected variant is not among its variants', () => {
    expect(() => productPage({ ...detail, selectedProductId: 99 })).toThrow(/Variant 99/);
  });
});
