import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceConfiguration, sizeUpchargeCents, type MetalRate } from './price.ts';

const K14W: MetalRate = { quality: '14KW', name: '14K White Gold', centsPerGram: 7_800, densityFactor: 1 };
const PLAT: MetalRate = { quality: 'PLAT', name: 'Platinum', centsPerGram: 6_600, densityFactor: 1.6 };

describe('priceConfiguration', () => {
  it('prices a plain setting: labour + weight × rate', () => {
    // 320.00 + 3.20 g × 78.00 = 320.00 + 249.60 = 569.60
    const p = priceConfiguration({
      castingLabourCents: 32_000,
      weightG: 3.2,
      metal: K14W,
      sizeUpchargeCents: 0,
      stones: [],
    });
    expect(p.totalCents).toBe(56_960);
    expect(p.lines.map((l) => l.cents)).toEqual([32_000, 24_960]);
  });

  it('scales metal weight by density (platinum) and adds the size up-charge', () => {
    // 3.2 g × 1.6 = 5.12 g × 66.00 = 337.92; size 10.5 → 3 half sizes over 9 × 25.00 = 75.00
    const p = priceConfiguration({
      castingLabourCents: 32_000,
      weightG: 3.2,
      metal: PLAT,
      sizeUpchargeCents: sizeUpchargeCents(10.5),
      sizeLabel: '10.5',
      stones: [],
    });
    expect(p.metalWeightG).toBe(5.12);
    expect(p.lines.find((l) => l.kind === 'metal')!.cents).toBe(33_792);
    expect(p.lines.find((l) => l.kind === 'size')!.cents).toBe(7_500);
    expect(p.totalCents).toBe(32_000 + 33_792 + 7_500);
  });

  it('adds a center stone and several accent locations with their setting labour', () => {
    // center 4,250.00 + setting 85.00; accents 24 × 38.00 = 912.00 + 240.00; 2 × 120.00 = 240.00 + 60.00
    const p = priceConfiguration({
      castingLabourCents: 32_000,
      weightG: 3.2,
      metal: K14W,
      sizeUpchargeCents: 0,
      stones: [
        {
          location: 2,
          label: 'Halo: 1.3 mm round diamond, G-H VS',
          unitPriceCents: 3_800,
          count: 24,
          settingLabourCents: 24_000,
        },
        {
          location: 1,
          label: 'Center: 1.01 ct Round diamond',
          unitPriceCents: 425_000,
          count: 1,
          settingLabourCents: 8_500,
        },
        {
          location: 3,
          label: 'Sides: 3.0 mm round diamond',
          unitPriceCents: 12_000,
          count: 2,
          settingLabourCents: 6_000,
        },
      ],
    });
    expect(p.lines.filter((l) => l.kind === 'stone').map((l) => l.location)).toEqual([1, 2, 3]);
    expect(p.totalCents).toBe(32_000 + 24_960 + 425_000 + 8_500 + 91_200 + 24_000 + 24_000 + 6_000);
  });

  it('rejects negative or non-finite parts and empty locations', () => {
    expect(() =>
      priceConfiguration({ castingLabourCents: -1, weightG: 1, metal: K14W, sizeUpchargeCents: 0, stones: [] }),
    ).toThrow(RangeError);
    expect(() =>
      priceConfiguration({ castingLabourCents: 1, weightG: Number.NaN, metal: K14W, sizeUpchargeCents: 0, stones: [] }),
    ).toThrow(RangeError);
    expect(() =>
      priceConfiguration({
        castingLabourCents: 1,
        weightG: 1,
        metal: K14W,
        sizeUpchargeCents: 0,
        stones: [{ location: 1, label: 'x', unitPriceCents: 1, count: 0, settingLabourCents: 0 }],
      }),
    ).toThrow(RangeError);
  });

  it('always totals exactly the sum of its breakdown, in whole cents (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.double({ min: 0.1, max: 30, noNaN: true }),
        fc.constantFrom(K14W, PLAT),
        fc.constantFrom(4, 6.5, 9, 9.5, 12),
        fc.array(
          fc.record({
            location: fc.integer({ min: 1, max: 9 }),
            label: fc.string(),
            unitPriceCents: fc.integer({ min: 0, max: 5_000_000 }),
            count: fc.integer({ min: 1, max: 60 }),
            settingLabourCents: fc.integer({ min: 0, max: 50_000 }),
          }),
          { maxLength: 6 },
        ),
        (labour, weight, metal, size, stones) => {
          const p = priceConfiguration({
            castingLabourCents: labour,
            weightG: weight,
            metal,
            sizeUpchargeCents: sizeUpchargeCents(size),
            stones,
          });
          expect(p.totalCents).toBe(p.lines.reduce((s, l) => s + l.cents, 0));
          for (const l of p.lines) expect(Number.isInteger(l.cents)).toBe(true);
          expect(p.lines.filter((l) => l.kind === 'stone')).toHaveLength(stones.length);
        },
      ),
    );
  });
});

describe('sizeUpchargeCents', () => {
  it('charges nothing up to size 9 and 25.00 per half size above', () => {
    expect([4, 7, 9, 9.25, 9.5, 10, 13].map(sizeUpchargeCents)).toEqual([0, 0, 0, 2_500, 2_500, 5_000, 20_000]);
  });
});
