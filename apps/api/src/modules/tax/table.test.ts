import { describe, expect, it } from 'vitest';
import type { StoreSettings } from '@facet/contracts/store-settings';
import { tableTaxLine } from './provider.ts';

// The store's own table: a rate per state to the thousandth of a percent, said to be an estimate.
const settings = { taxRates: { NY: 8_875, NJ: 6_625, CA: 7_250 } } as unknown as StoreSettings;

describe('the tax table', () => {
  it('charges the rate to the thousandth (New York City 8.875 %, New Jersey 6.625 %), not rounded to 8.88', () => {
    expect(tableTaxLine(settings, 'NY', 100_000)).toEqual({
      name: 'NY sales tax',
      percent: 8.875,
      cents: 8_875,
      estimated: true,
    });
    expect(tableTaxLine(settings, 'NJ', 100_000)!.cents).toBe(6_625);
    // On $1,000 the old whole basis points (888) charged $88.80; the rate is $88.75.
    expect(tableTaxLine(settings, 'NY', 100_000)!.cents).not.toBe(8_880);
  });

  it('a state without a rate is charged nothing, with no line (checkout says the store does not collect it there)', () => {
    expect(tableTaxLine(settings, 'OH', 100_000)).toBeNull();
  });
});
