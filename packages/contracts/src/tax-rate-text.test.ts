import { describe, expect, it } from 'vitest';
import { taxRateText } from './tax-rate-text.ts';

describe('a tax rate as printed', () => {
  it('keeps every place the jurisdiction sets (the commuter district is 0.375 %, not 0.38 %)', () => {
    expect(taxRateText(0.375)).toBe('0.375 %');
    expect(taxRateText(8.875)).toBe('8.875 %');
    expect(taxRateText(4.5)).toBe('4.5 %');
    expect(taxRateText(4)).toBe('4 %');
    expect(taxRateText(6.625)).toBe('6.625 %');
  });
});
