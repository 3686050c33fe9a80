import { describe, expect, it } from 'vitest';
import { DEFAULT_METAL, defaultMetalOf, METAL_QUALITIES } from './metals.ts';

describe('the metal a design is first shown in', () => {
  it('is 14K white gold when the design is offered in it, wherever it sits in the list', () => {
    expect(METAL_QUALITIES).toContain(DEFAULT_METAL);
    expect(defaultMetalOf(['18KY', '14KW', 'PLAT'])).toBe('14KW');
  });
  it('is the first metal offered otherwise', () => {
    expect(defaultMetalOf(['PLAT', '18KY'])).toBe('PLAT');
  });
});
