import { describe, expect, it } from 'vitest';
import { countPhrase, fillFacts, freeShippingText, madeToOrderText, type StoreFacts } from './store-facts.ts';

const facts: StoreFacts = {
  freeShippingOverCents: 25_000,
  shipping: {
    standard: { label: 'Insured standard', days: '5–7 business days', cents: 1_500 },
    express: { label: 'Insured express', days: '2–3 business days', cents: 3_550 },
    overnight: { label: 'Insured overnight', days: 'Next business day', cents: 6_500 },
  },
  madeToOrderDays: [10, 14],
  returnDays: 30,
  madeToOrderRestockingPercent: 15,
  payment: { provider: 'test' },
};

describe('store facts in content', () => {
  it('fills every placeholder from the facts', () => {
    expect(
      fillFacts(
        'Free over {{freeShippingOver}}; express {{expressDays}} for {{expressPrice}}; made in {{ madeToOrderDays }}; {{returnDays}} days; {{restockingPercent}} fee',
        facts,
      ),
    ).toBe('Free over $250; express 2–3 business days for $35.50; made in 10–14 business days; 30 days; 15% fee');
    expect(madeToOrderText(facts)).toBe('10–14 business days');
  });

  it('refuses an unknown placeholder instead of printing it', () => {
    expect(() => fillFacts('ships in {{shipDays}}', facts)).toThrow(/Unknown store fact \{\{shipDays\}\}/);
  });
});

describe('countPhrase', () => {
  it('never says more than there is', () => {
    expect(countPhrase(10_400)).toBe('10,000+');
    expect(countPhrase(10_000)).toBe('10,000');
    expect(countPhrase(2_580)).toBe('2,000+');
    expect(countPhrase(1_040)).toBe('1,000+');
    expect(countPhrase(999)).toBe('900+');
    expect(countPhrase(37)).toBe('37');
    expect(countPhrase(0)).toBe('0');
  });
});

describe('freeShippingText', () => {
  it('promises free shipping only from the threshold on', () => {
    expect(freeShippingText(facts, 25_000)).toBe('free insured shipping');
    expect(freeShippingText(facts, 24_999)).toBe('free insured shipping on orders over $250');
    expect(freeShippingText(facts)).toBe('free insured shipping on orders over $250');
  });
});
