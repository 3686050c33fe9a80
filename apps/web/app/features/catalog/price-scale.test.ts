import { describe, expect, it } from 'vitest';
import { priceScale } from './price-scale.ts';

describe('diamond price slider scale', () => {
  const s = priceScale(500, 50_000);
  it('puts the ends of the range at the ends of the slider', () => {
    expect(s.toPos(500)).toBe(0);
    expect(s.toPos(50_000)).toBe(100);
    expect(s.toPrice(0)).toBe(500);
    expect(s.toPrice(100)).toBe(50_000);
  });
  it('gives each decade the same room (log scale), and clamps prices outside the range', () => {
    expect(s.toPos(5_000)).toBe(50);
    expect(s.toPos(10)).toBe(0);
    expect(s.toPos(1e9)).toBe(100);
  });
  it('survives a search whose stones all cost the same (no division by zero)', () => {
    const one = priceScale(900, 900);
    expect(Number.isFinite(one.toPos(900))).toBe(true);
    expect(one.toPrice(0)).toBe(900);
  });
});
