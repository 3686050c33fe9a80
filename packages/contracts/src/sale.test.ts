import { describe, expect, it } from 'vitest';
import { listPriceShown } from './sale.ts';

describe("the maker's list price beside ours", () => {
  it('is shown when it is above the price and no sale is on', () => {
    expect(listPriceShown(250_000, { priceCents: 199_000 })).toEqual({ listPriceCents: 250_000 });
  });
  it('is not shown when it is not above the price (no saving to speak of)', () => {
    expect(listPriceShown(199_000, { priceCents: 199_000 })).toEqual({});
    expect(listPriceShown(150_000, { priceCents: 199_000 })).toEqual({});
  });
  it("gives way to a sale, whose 'was' is the store's own price", () => {
    const sale = { name: 'Winter', percent: 10, endsAt: '2026-12-31T00:00:00Z' };
    expect(listPriceShown(250_000, { priceCents: 179_100, sale })).toEqual({});
  });
  it('is nothing where the maker sets none', () => {
    expect(listPriceShown(null, { priceCents: 199_000 })).toEqual({});
  });
});
