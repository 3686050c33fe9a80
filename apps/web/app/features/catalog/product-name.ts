/**
 * A name's identifying end, kept whole on narrow cards: "for Princess 1.25 ct", "1 1/2 ct tw".
 */
export function splitName(name: string): [string, string | null] {
  const m = / (for .+|\d[\d./ ]* ct(?: tw)?)$/.exec(name);
  return m && m.index > 0 ? [name.slice(0, m.index), m[1]!] : [name, null];
}
