import { describe, expect, it } from 'vitest';
import {
  countPhrase,
  fillFacts,
  freeShippingText,
  hoursText,
  madeToOrderText,
  type StoreFacts,
} from './store-facts.ts';

const facts: StoreFacts = {
  freeShippingOverCents: 25_000,
  shipping: {
    standard: { label: 'Insured standard', days: '5–7 business days', cents: 1_500 },
    express: { label: 'Insured express', days: '2–3 business days', cents: 3_550 },
    overnight: { label: 'Insured overnight', days: 'Next business day', cents: 6_500 },
  },
  madeToOrderDays: [10, 14],
  returnDays: 30,
  freeResizeDays: 60,
  madeToOrderRestockingPercent: 15,
  openingHours: [
    null,
    { open: '10:00', close: '18:00' },
    { open: '10:00', close: '18:00' },
    { open: '10:00', close: '18:00' },
    { open: '10:00', close: '18:00' },
    { open: '10:00', close: '18:00' },
    { open: '10:00', close: '16:30' },
  ],
  timezone: 'America/New_York',
  announcement: null,
  videoOrigins: [],
  payment: { provider: 'test' },
};

describe('store facts in content', () => {
  it('with a carrier pricing each address, the policy quotes no fixed price; the signature rule follows the threshold', () => {
    const policy = '{{expressLabel}}: {{expressDays}}, {{expressPrice}}. {{signatureRule}}.';
    expect(fillFacts(policy, facts)).toBe(
      'Insured express: 2–3 business days, $35.50. Every package requires an adult signature.',
    );
    expect(fillFacts(policy, { ...facts, shippingPricedBy: 'carrier', signatureOverCents: 100_000 })).toBe(
      'Insured express: as quoted at checkout for your address, the carrier’s rate for your address, shown at checkout. Packages worth $1,000 or more require an adult signature.',
    );
  });

  it('fills every placeholder from the facts', () => {
    expect(
      fillFacts(
        'Free over {{freeShippingOver}}; express {{expressDays}} for {{expressPrice}}; made in {{ madeToOrderDays }}; {{returnDays}} days; {{restockingPercent}} fee',
        facts,
      ),
    ).toBe('Free over $250; express 2–3 business days for $35.50; made in 10–14 business days; 30 days; 15% fee');
    expect(madeToOrderText(facts)).toBe('10–14 business days');
  });

  it('says the opening hours briefly: days with the same hours together, closed days left out, in the store’s zone', () => {
    expect(hoursText(facts)).toBe('Mon–Fri 10 am – 6 pm; Sat 10 am – 4:30 pm ET');
    const split = structuredClone(facts.openingHours);
    split[3] = null; // closed on Wednesday
    split[0] = { open: '12:00', close: '17:00' };
    expect(hoursText({ ...facts, openingHours: split })).toBe(
      'Mon–Tue 10 am – 6 pm; Thu–Fri 10 am – 6 pm; Sat 10 am – 4:30 pm; Sun 12 pm – 5 pm ET',
    );
    expect(hoursText({ ...facts, openingHours: Array(7).fill(null) })).toBe('By appointment');
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
