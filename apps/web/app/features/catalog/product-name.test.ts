import { describe, expect, it } from 'vitest';
import { splitName } from './product-name.ts';

describe('product card names on narrow screens', () => {
  it('keeps the shape and carat a setting is made for as the part that never truncates', () => {
    expect(splitName('Cathedral Three-Stone Engagement Ring for Princess 1.25 ct')).toEqual([
      'Cathedral Three-Stone Engagement Ring',
      'for Princess 1.25 ct',
    ]);
    expect(splitName('Shared-Prong Round Eternity Band 1 1/2 ct tw')).toEqual([
      'Shared-Prong Round Eternity Band',
      '1 1/2 ct tw',
    ]);
    expect(splitName('1.5 mm Hollow Figaro Chain with Lobster Clasp')).toEqual([
      '1.5 mm Hollow Figaro Chain with Lobster Clasp',
      null,
    ]);
  });
});
