import { describe, expect, it } from 'vitest';
import { priceAfter } from './variants-in-bulk.tsx';

describe('a change made to many variants', () => {
  it('sets a price, moves one by a percentage as the store rounds, and leaves prices alone for stock', () => {
    expect(priceAfter({ kind: 'price', cents: 245_000 }, 199_900, 'dollar')).toBe(245_000);
    // $1,234.00 + 5 % = $1,295.70: it lands on $1,296, not on cents nobody typed.
    expect(priceAfter({ kind: 'percent', percent: 5 }, 123_400, 'dollar')).toBe(129_600);
    expect(priceAfter({ kind: 'percent', percent: -10 }, 99_900, 'dollar')).toBe(89_900);
    // A store whose prices end in 9: $1,295.70 → $1,299.
    expect(priceAfter({ kind: 'percent', percent: 5 }, 123_400, 'end-9')).toBe(129_900);
    // A typed price stays as typed, whatever the rule.
    expect(priceAfter({ kind: 'price', cents: 245_050 }, 199_900, 'end-9')).toBe(245_050);
    expect(priceAfter({ kind: 'stock', count: 3 }, 123_400, 'dollar')).toBeNull();
  });
});
