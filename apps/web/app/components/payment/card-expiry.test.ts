import { describe, expect, it } from 'vitest';
import { cardExpired } from './card-expiry.ts';

describe('card expiry', () => {
  const now = new Date(2026, 10, 23); // 23 November 2026
  it('accepts a card through the last day of its month', () => {
    expect(cardExpired('11 / 26', now)).toBe(false);
    expect(cardExpired('12/26', now)).toBe(false);
    expect(cardExpired('01 / 30', now)).toBe(false);
  });
  it('flags a card whose month has passed', () => {
    expect(cardExpired('10 / 26', now)).toBe(true);
    expect(cardExpired('12 / 25', now)).toBe(true);
  });
});
