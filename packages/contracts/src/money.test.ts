import { describe, expect, it } from 'vitest';
import { centsOf, decimalPrice, dollarsOf, formatMoney, roundPrice } from './money.ts';

describe('money', () => {
  it('converts typed dollars to whole cents without float drift', () => {
    expect(centsOf(19.99)).toBe(1999);
    expect(centsOf(0.1 + 0.2)).toBe(30);
    expect(centsOf(1_000_000)).toBe(100_000_000);
    expect(dollarsOf(centsOf(4321.5))).toBe(4321.5);
  });

  it('formats whole dollars without cents, other amounts and exact amounts with them', () => {
    expect(formatMoney(125_000)).toBe('$1,250');
    expect(formatMoney(125_050)).toBe('$1,250.50');
    expect(formatMoney(125_000, { exact: true })).toBe('$1,250.00');
    expect(formatMoney(0)).toBe('$0');
  });

  it('writes the decimal string offers and providers expect', () => {
    expect(decimalPrice(123_450)).toBe('1234.50');
    expect(decimalPrice(5)).toBe('0.05');
  });

  it('rounds a worked-out price up (never below it) or to the nearest, ending as the store chose', () => {
    expect(roundPrice(123_401, 'dollar')).toBe(123_500);
    expect(roundPrice(123_449, 'dollar', 'nearest')).toBe(123_400);
    expect(roundPrice(123_450, 'dollar', 'nearest')).toBe(123_500);
    expect(roundPrice(123_401, 'end-0')).toBe(124_000);
    expect(roundPrice(123_401, 'end-0', 'nearest')).toBe(123_000);
    expect(roundPrice(123_401, 'end-9')).toBe(123_900);
    expect(roundPrice(124_501, 'end-9', 'nearest')).toBe(124_900);
    expect(roundPrice(124_399, 'end-9', 'nearest')).toBe(123_900);
    expect(roundPrice(300, 'end-9', 'nearest')).toBe(900);
    expect(roundPrice(123_456.4, 'cent', 'nearest')).toBe(123_456);
    expect(roundPrice(123_456.4, 'cent')).toBe(123_457);
  });
});
