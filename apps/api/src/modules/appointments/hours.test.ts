import { describe, expect, it } from 'vitest';
import { openingHoursFromSpec } from '@facet/contracts/store-settings';
import { dateIn, instantAt, nextDate, slotsOn, weekOf } from './hours.ts';

const parseOpeningHours = (spec: string) => weekOf(openingHoursFromSpec(spec));

const NY = 'America/New_York';

describe('opening hours and the store’s clock', () => {
  it('reads day ranges and single days; days not named are closed', () => {
    const week = parseOpeningHours('Mon-Fri 10:00-18:00; Sat 10:00-16:00');
    expect(week[0]).toBeNull();
    expect(week[1]).toEqual([600, 1080]);
    expect(week[5]).toEqual([600, 1080]);
    expect(week[6]).toEqual([600, 960]);
    expect(parseOpeningHours('Fri-Mon 09:30-12:00')[0]).toEqual([570, 720]);
    expect(() => parseOpeningHours('Mon 18:00-10:00')).toThrow();
  });

  it('a 10:00 slot is 10:00 in New York in winter and in summer, across the change of clocks', () => {
    expect(new Date(instantAt(NY, '2026-12-01', 600)).toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(new Date(instantAt(NY, '2026-07-01', 600)).toISOString()).toBe('2026-07-01T14:00:00.000Z');
    // 8 March 2026: clocks go forward at 02:00.
    expect(new Date(instantAt(NY, '2026-03-08', 600)).toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(dateIn(NY, Date.parse('2026-12-02T03:00:00Z'))).toBe('2026-12-01');
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
  });

  it('cuts a day into slots that end by closing time', () => {
    const week = parseOpeningHours('Sat 10:00-16:00');
    const slots = slotsOn(week, NY, '2026-12-05', 90);
    expect(slots.map((s) => new Date(s).toISOString())).toEqual([
      '2026-12-05T15:00:00.000Z',
      '2026-12-05T16:30:00.000Z',
      '2026-12-05T18:00:00.000Z',
      '2026-12-05T19:30:00.000Z',
    ]);
    expect(slotsOn(week, NY, '2026-12-06', 60)).toEqual([]);
  });
});
