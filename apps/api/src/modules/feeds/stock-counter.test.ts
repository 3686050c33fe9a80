import { describe, expect, it } from 'vitest';
import { StockCounter } from './stock-counter.ts';

describe('stock counter', () => {
  it('counts every stock number as a Map would, across many growths of its table', () => {
    const counter = new StockCounter(16);
    const exact = new Map<string, number>();
    let seed = 42;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    for (let i = 0; i < 200_000; i++) {
      // Mostly distinct, some repeated, like a feed's stock numbers.
      const stock = `AC-${next() % 150_000}`;
      counter.add(stock);
      exact.set(stock, (exact.get(stock) ?? 0) + 1);
    }
    for (const [stock, n] of exact) expect(counter.count(stock)).toBe(Math.min(n, 255));
    expect(counter.count('never-added')).toBe(0);
  });
});
