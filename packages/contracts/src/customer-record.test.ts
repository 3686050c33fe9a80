import { describe, expect, it } from 'vitest';
import { customerRecord } from './customer-record.ts';
import { sizeToOffer } from './ring-size.ts';

describe('the customer’s record', () => {
  it('takes quarter sizes by finger and hand, real days of the year, and refuses the rest with a reason', () => {
    const ok = customerRecord.parse({
      partnerName: '  Sam ',
      ringSizes: [{ finger: 'ring', hand: 'left', size: 6.25 }],
      dates: [{ kind: 'anniversary', month: 2, day: 29 }],
    });
    expect(ok.partnerName).toBe('Sam');
    const bad = (v: unknown) => customerRecord.safeParse(v).error?.issues.map((i) => i.message);
    expect(bad({ ringSizes: [{ finger: 'ring', hand: 'left', size: 6.3 }] })).toEqual(['Quarter sizes at most (6.25)']);
    expect(bad({ ringSizes: [{ finger: 'ring', hand: 'left', size: 2 }] })).toEqual(['Sizes run from 3']);
    expect(bad({ dates: [{ kind: 'birthday', month: 4, day: 31 }] })).toEqual(['That month has fewer days']);
    expect(
      bad({
        ringSizes: [
          { finger: 'ring', hand: 'left', size: 6 },
          { finger: 'ring', hand: 'left', size: 7 },
        ],
      }),
    ).toEqual(['The left ring finger is listed twice']);
  });

  it('offers the left ring finger’s size first, else the first kept, else none', () => {
    expect(
      sizeToOffer([
        { finger: 'middle', hand: 'right', size: 8 },
        { finger: 'ring', hand: 'left', size: 6.5 },
      ]),
    ).toBe(6.5);
    expect(sizeToOffer([{ finger: 'index', hand: 'right', size: 7 }])).toBe(7);
    expect(sizeToOffer([])).toBeNull();
  });
});
