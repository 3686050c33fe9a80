import { describe, expect, it } from 'vitest';
import { priceAfter } from './variants-in-bulk.tsx';

describe('a change made to many variants', () => {
  it('sets a price, moves one by a percentage to whole dollars, and leaves prices alone for stock', () => {
    expect(priceAfter({ kind: 'price', cents: 245_000 }, 199_900)).toBe(245_000);
    // $1,234.00 + 5 % = $1,295.70: it lands on $1,296, not on cents nobody typed.
    expect(priceAfter({ kind: 'percent', percent: 5 }, 123_400)).toBe(129_600);
    expect(priceAfter({ kind: 'percent', percent: -10 }, 99_900)).toBe(89_900);
    expect(priceAfter({ kind: 'stock', count: 3 }, 123_400)).toBeNull();
  });
});
