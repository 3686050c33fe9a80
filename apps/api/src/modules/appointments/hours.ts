import type { OpeningHours } from '@facet/contracts/store-settings';
// Opening hours and the store's clock. Slots are cut from each open day's hours in the store's
// time zone (a 10:00 slot is 10:00 in New York, summer or winter) and kept as UTC instants.

/** Minutes from midnight [open, close) for each weekday (0 = Sunday); null when closed. */
export type WeekHours = Array<[number, number] | null>;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** The store's opening hours (settings, "10:00"–"18:00") as minutes from midnight. */
export const weekOf = (hours: OpeningHours): WeekHours =>
  hours.map((h) => (h ? ([minutes(h.open), minutes(h.close)] as [number, number]) : null));

/** The wall-clock parts of an instant in `tz`. */
function partsIn(tz: string, at: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    y: Number(parts.year),
    mo: Number(parts.month),
    d: Number(parts.day),
    h: Number(parts.hour),
    mi: Number(parts.minute),
    s: Number(parts.second),
  };
}

/** The store's calendar date of an instant, as YYYY-MM-DD. */
export function dateIn(tz: string, at: number): string {
  const p = partsIn(tz, at);
  return `${p.y}-${String(p.mo).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

/** The instant at which the clock in `tz` reads `date` `minutes` past midnight. */
export function instantAt(tz: string, date: string, minutes: number): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, mo - 1, d, Math.floor(minutes / 60), minutes % 60);
  // The zone's offset at the guess, then again at the corrected instant (a change of clocks in between).
  let at = wall;
  for (let i = 0; i < 2; i++) {
    const p = partsIn(tz, at);
    const shown = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
    at = wall - (shown - at);
  }
  return at;
}

/** The next calendar date after `date`. */
export function nextDate(date: string): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d + 1)).toISOString().slice(0, 10);
}
export const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** Start instants of the slots of one day (none when closed). */
export function slotsOn(week: WeekHours, tz: string, date: string, minutes: number): number[] {
  const hours = week[weekdayOf(date)];
  if (!hours) return [];
  const out: number[] = [];
  for (let m = hours[0]; m + minutes <= hours[1]; m += minutes) out.push(instantAt(tz, date, m));
  return out;
}
