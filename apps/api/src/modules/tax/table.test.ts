import { describe, expect, it } from 'vitest';
import { zipTaxRatesField, type StoreSettings as Settings } from '@facet/contracts/store-settings';
import { tableTaxLine } from './provider.ts';

// The store's own table: a rate per state to the thousandth of a percent, said to be an estimate.
const settings = { taxRates: { NY: 8_875, NJ: 6_625, CA: 7_250 }, zipTaxRates: [] } as unknown as Settings;
// Places the owner knows by ZIP code: New York City's boroughs, Buffalo, Los Angeles, and one ZIP inside a prefix.
const places = {
  taxRates: { NY: 8_000, CA: 7_250 },
  zipTaxRates: [
    { zip: '100', state: 'NY', place: 'New York City', rate: 8_875 },
    { zip: '142', state: 'NY', place: 'Buffalo', rate: 8_750 },
    { zip: '900', state: 'CA', place: 'Los Angeles', rate: 9_750 },
    { zip: '90045', state: 'CA', place: 'Westchester (LA)', rate: 9_500 },
  ],
} as unknown as Settings;

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

  it('charges a place its own rate by ZIP code, the longest that fits, and the state’s elsewhere', () => {
    expect(tableTaxLine(places, 'NY', 100_000, '10012')).toEqual({
      name: 'New York City sales tax',
      percent: 8.875,
      cents: 8_875,
      estimated: true,
    });
    // Buffalo is not charged New York City's rate, nor Los Angeles only California's.
    expect(tableTaxLine(places, 'NY', 100_000, '14202')).toMatchObject({ name: 'Buffalo sales tax', cents: 8_750 });
    expect(tableTaxLine(places, 'CA', 100_000, '90012')).toMatchObject({ name: 'Los Angeles sales tax', cents: 9_750 });
    expect(tableTaxLine(places, 'CA', 100_000, '90045')).toMatchObject({ percent: 9.5 });
    // A ZIP the table does not name, no ZIP yet, or a ZIP named for another state: the state's rate.
    expect(tableTaxLine(places, 'NY', 100_000, '12207')).toMatchObject({ name: 'NY sales tax', percent: 8 });
    expect(tableTaxLine(places, 'NY', 100_000)).toMatchObject({ name: 'NY sales tax' });
    expect(tableTaxLine(places, 'CA', 100_000, '14202')).toMatchObject({ name: 'CA sales tax', percent: 7.25 });
  });

  it('refuses a ZIP that is not 3 or 5 digits, and one listed twice, beside the row', () => {
    const zipTaxRates = zipTaxRatesField;
    const bad = zipTaxRates.safeParse([{ zip: '1420', state: 'NY', place: 'Buffalo', rate: 8_750 }]);
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({
      path: [0, 'zip'],
      message: 'The first 3 digits of the ZIP code, or all 5',
    });
    const twice = zipTaxRates.safeParse([
      { zip: '142', state: 'NY', place: 'Buffalo', rate: 8_750 },
      { zip: '142', state: 'NY', place: 'Erie County', rate: 8_750 },
    ]);
    expect(twice.error!.issues[0]).toMatchObject({ path: [1, 'zip'], message: 'ZIP 142 is listed twice' });
    expect(zipTaxRates.safeParse([{ zip: '142', state: 'XX', place: 'Nowhere', rate: 1 }]).success).toBe(false);
  });
});
