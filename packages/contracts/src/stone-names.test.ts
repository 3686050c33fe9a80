import { describe, expect, it } from 'vitest';
import { diamondName, gemstoneName } from './stone-names.ts';

describe('stone names', () => {
  it('never lets a shape read as another gem: an emerald-shaped ruby is an emerald-cut ruby', () => {
    expect(gemstoneName({ carat: 1.02, shape: 'Emerald', typeName: 'Ruby', color: 'Red' })).toBe(
      '1.02 ct Emerald-cut Ruby, red',
    );
    expect(gemstoneName({ carat: 2, shape: 'Oval', typeName: 'Sapphire', color: 'Royal Blue' })).toBe(
      '2.00 ct Oval Sapphire, royal blue',
    );
  });

  it('names a diamond by carat, cut, origin and grades', () => {
    expect(diamondName({ carat: 1.01, shape: 'Emerald', origin: 'lab', color: 'G', clarity: 'VS1' })).toBe(
      '1.01 ct Emerald-cut lab-grown diamond, G VS1',
    );
    expect(diamondName({ carat: 0.5, shape: 'Round', origin: 'natural', color: 'D', clarity: 'IF' })).toBe(
      '0.50 ct Round diamond, D IF',
    );
  });
});
