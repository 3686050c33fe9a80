// Opening hours and the store's clock. Slots are cut from each open day's hours in the store's
// time zone (a 10:00 slot is 10:00 in New York, summer or winter) and kept as UTC instants.

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Minutes from midnight [open, close) for each weekday (0 = Sunday); null when closed. */
export type WeekHours = Array<[number, number] | null>;

/** "Mon-Fri 10:00-18:00; Sat 10:00-16:00" → the week (days not named are closed). */
export function parseOpeningHours(spec: string): WeekHours {
  const week: WeekHours = Array.from({ length: 7 }, () => null);
  for (const part of spec
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\w{3})(?:-(\w{3}))? (\d\d):(\d\d)-(\d\d):(\d\d)$/.exec(part);
    if (!m) throw new Error(`opening hours: cannot read "${part}"`);
    const from = DAYS.indexOf(m[1] as (typeof DAYS)[number]);
    const to = m[2] ? DAYS.indexOf(m[2] as (typeof DAYS)[number]) : from;
    const open = Number(m[3]) * 60 + Number(m[4]);
    const close = Number(m[5]) * 60 + Number(m[6]);
    if (from < 0 || to < 0 || close <= open) throw new Error(`opening hours: cannot read "${part}"`);
    for (let d = from; ; d = (d + 1) % 7) {
      week[d] = [open, close];
      if (d === to) break;
    }
  }
  return week;
}

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
