import { describe, expect, it } from 'vitest';
import { layawayOffered, layawayPlan } from './payment-plans.ts';

const terms = { overCents: 100_000, depositPercent: 20, weeks: 12, everyWeeks: 2, graceDays: 14, feeCents: 5_000 };

describe('layaway plans', () => {
  it('a $6,000 order: $1,200 now and six payments of $800 a fortnight apart', () => {
    const p = layawayPlan(terms, 600_000, '2026-11-29');
    expect(p.depositCents).toBe(120_000);
    expect(p.instalments.map((i) => [i.dueOn, i.amountCents])).toEqual([
      ['2026-12-13', 80_000],
      ['2026-12-27', 80_000],
      ['2027-01-10', 80_000],
      ['2027-01-24', 80_000],
      ['2027-02-07', 80_000],
      ['2027-02-21', 80_000],
    ]);
  });

  it('adds up to the total to the cent: the odd cents go on the first instalment', () => {
    for (const total of [100_001, 123_457, 999_999, 250_003]) {
      const p = layawayPlan({ ...terms, weeks: 10, everyWeeks: 3 }, total, '2026-03-01');
      expect(p.instalments).toHaveLength(4);
      expect(p.depositCents + p.instalments.reduce((s, i) => s + i.amountCents, 0)).toBe(total);
      const [first, ...others] = p.instalments;
      expect(new Set(others.map((i) => i.amountCents)).size).toBe(1);
      expect(first!.amountCents - others[0]!.amountCents).toBeLessThan(4);
    }
  });

  it('is offered from the threshold up, and not at all when off', () => {
    expect(layawayOffered(terms, 99_999)).toBe(false);
    expect(layawayOffered(terms, 100_000)).toBe(true);
    expect(layawayOffered(null, 900_000)).toBe(false);
  });
});
