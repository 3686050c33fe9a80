import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CODE_NOT_APPLICABLE, type AdminDiscount } from '@facet/contracts/promotions';
import { evaluateDiscount, type DiscountContext, type DiscountLine } from './evaluate.ts';

const code = (extra: Partial<AdminDiscount> = {}) => ({
  kind: 'percent' as const,
  percentBp: 2_000,
  amountCents: null,
  minSubtotalCents: 0,
  appliesTo: ['product', 'configured'] as AdminDiscount['appliesTo'],
  startsAt: null,
  endsAt: null,
  maxUses: null,
  perCustomer: null,
  firstOrderOnly: false,
  emails: null,
  active: true,
  uses: 0,
  ...extra,
});
const ctx = (extra: Partial<DiscountContext> = {}): DiscountContext => ({
  now: new Date('2026-11-25T15:00:00Z'),
  timezone: 'America/New_York',
  email: 'ada@example.com',
  priorOrders: 0,
  usesByShopper: 0,
  eligibleCategories: null,
  ...extra,
});
const chain: DiscountLine = { kind: 'product', lineTotalCents: 120_000, categoryId: 1310 };
const diamond: DiscountLine = { kind: 'diamond', lineTotalCents: 900_000, categoryId: null };

describe('a discount code against a cart', () => {
  it('shares an amount off over the eligible lines in whole cents that add up exactly (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        (totals, off) => {
          const lines = totals.map((c): DiscountLine => ({ kind: 'product', lineTotalCents: c, categoryId: 1 }));
          const sum = totals.reduce((s, c) => s + c, 0);
          const r = evaluateDiscount(code({ kind: 'amount', amountCents: (off % sum) + 1 }), lines, ctx());
          if (!r.applies) throw new Error(r.reason);
          expect(r.perLine.reduce((s, c) => s + c, 0)).toBe(r.cents);
          r.perLine.forEach((c, i) => {
            expect(c).toBeGreaterThanOrEqual(0);
            expect(c).toBeLessThanOrEqual(totals[i]!);
            expect(Math.abs(c - (r.cents * totals[i]!) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });

  it('never takes money off a gift card, and a gift card does not count towards its minimum', () => {
    const gift: DiscountLine = { kind: 'gift-card', lineTotalCents: 50_000, categoryId: null };
    expect(evaluateDiscount(code({ appliesTo: ['product'] }), [gift], ctx())).toMatchObject({ applies: false });
    expect(evaluateDiscount(code({ minSubtotalCents: 150_000 }), [chain, gift], ctx())).toMatchObject({
      applies: false,
      reason: expect.stringMatching(/needs an order of \$1,500 or more \(your cart: \$1,200\)/),
    });
    expect(evaluateDiscount(code(), [chain, gift], ctx())).toMatchObject({ applies: true, cents: 24_000 });
  });

  it('takes its percentage off the eligible lines only: loose diamonds are left out unless named', () => {
    expect(evaluateDiscount(code(), [chain, diamond], ctx())).toEqual({
      applies: true,
      cents: 24_000,
      freeShipping: false,
      eligibleCents: 120_000,
      perLine: [24_000, 0],
    });
    const withStones = evaluateDiscount(code({ appliesTo: ['product', 'diamond'] }), [chain, diamond], ctx());
    expect(withStones).toMatchObject({ cents: 204_000 });
  });

  it('an amount never takes more than the eligible lines; free shipping takes nothing off the lines', () => {
    expect(
      evaluateDiscount(code({ kind: 'amount', percentBp: null, amountCents: 500_000 }), [chain], ctx()),
    ).toMatchObject({
      cents: 120_000,
    });
    expect(evaluateDiscount(code({ kind: 'free-shipping', percentBp: null }), [chain], ctx())).toMatchObject({
      cents: 0,
      freeShipping: true,
    });
  });

  it('says why it does not apply, in the shopper’s words', () => {
    const why = (d: Partial<AdminDiscount>, lines = [chain], c: Partial<DiscountContext> = {}) => {
      const r = evaluateDiscount(code(d), lines, ctx(c));
      return r.applies ? 'applies' : r.reason;
    };
    expect(why({ startsAt: '2026-11-27T05:00:00Z' })).toBe('This code starts on Friday, November 27.');
    expect(why({ endsAt: '2026-11-23T05:00:00Z' })).toBe('This code ended on Monday, November 23.');
    expect(why({}, [diamond])).toBe('This code is for jewelry and rings made to order, not for what is in your cart.');
    expect(why({ maxUses: 1, uses: 1 })).toBe('This code has been used up.');
    expect(why({ perCustomer: 1 }, [chain], { usesByShopper: 1 })).toBe('You have already used this code.');
    expect(why({ firstOrderOnly: true }, [chain], { priorOrders: 2 })).toBe('This code is for a first order only.');
    // Another customer's code answers exactly as a code that does not exist, whatever else is true of it.
    expect(why({ emails: ['grace@example.com'] })).toBe(CODE_NOT_APPLICABLE);
    expect(why({ emails: ['grace@example.com'] }, [chain], { email: null })).toBe(CODE_NOT_APPLICABLE);
    expect(why({ emails: ['grace@example.com'], active: false, maxUses: 1, uses: 1 })).toBe(CODE_NOT_APPLICABLE);
    expect(why({ minSubtotalCents: 200_000 })).toBe('This code needs an order of $2,000 or more (your cart: $1,200).');
    expect(why({ active: false })).toBe('This code is no longer active.');
    expect(why({}, [chain], { eligibleCategories: new Set([1100]) })).toBe(
      'None of these pieces is in the collections this code is for.',
    );
    expect(why({}, [chain], { eligibleCategories: new Set([1310]) })).toBe('applies');
  });
});
