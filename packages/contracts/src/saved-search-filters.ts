import type { DiamondQuery } from './catalog.ts';
import { CLARITIES, COLORS, CUTS } from './grades.ts';
import { centsOf, formatMoney } from './money.ts';

// A saved search's filters, without a schema library: the /diamonds page uses these.

/** The filters of a /diamonds address (sorting and paging are not part of a search). */
export const FILTER_KEYS = [
  'origin',
  'shape',
  'caratMin',
  'caratMax',
  'colorMin',
  'colorMax',
  'clarityMin',
  'clarityMax',
  'cutMin',
  'cutMax',
  'priceMin',
  'priceMax',
  'polish',
  'symmetry',
  'fluorescence',
  'lab',
  'depthMin',
  'depthMax',
  'tableMin',
  'tableMax',
  'lwMin',
  'lwMax',
] as const;
export type SearchFilters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

/** The filters of a query string, in a fixed order; other parameters are dropped. */
export function filtersOf(query: string): SearchFilters {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const out: SearchFilters = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k)?.trim();
    if (v) out[k] = v;
  }
  return out;
}
/** The filters as a query string, in the fixed order (however they were stored). */
export const queryOf = (f: SearchFilters) =>
  new URLSearchParams(FILTER_KEYS.flatMap((k): Array<[string, string]> => (f[k] ? [[k, f[k]]] : []))).toString();

const range = (names: readonly string[], lo?: number, hi?: number) => {
  if (lo === undefined && hi === undefined) return null;
  const a = names[lo ?? 0]!,
    b = names[hi ?? names.length - 1]!;
  return a === b ? a : `${a}–${b}`;
};

/** "Round or Oval lab-grown diamonds, 1.00–1.50 ct, color D–G, clarity VS1–SI1, up to $9,000" */
export function describeSearch(q: DiamondQuery): string {
  const shapes = q.shape?.length ? `${q.shape.join(' or ')} ` : '';
  const kind = q.origin === 'lab' ? 'lab-grown diamonds' : q.origin === 'natural' ? 'natural diamonds' : 'diamonds';
  const parts = [`${shapes}${kind}`.replace(/^./, (c) => c.toUpperCase())];
  if (q.caratMin !== undefined || q.caratMax !== undefined)
    parts.push(
      q.caratMax === undefined
        ? `${q.caratMin!.toFixed(2)} ct and up`
        : `${(q.caratMin ?? 0).toFixed(2)}–${q.caratMax.toFixed(2)} ct`,
    );
  const color = range(COLORS, q.colorMin, q.colorMax);
  if (color) parts.push(`color ${color}`);
  const clarity = range(CLARITIES, q.clarityMin, q.clarityMax);
  if (clarity) parts.push(`clarity ${clarity}`);
  const cut = range(CUTS, q.cutMin, q.cutMax);
  if (cut) parts.push(`${cut} cut`);
  if (q.priceMin !== undefined && q.priceMax !== undefined)
    parts.push(`${formatMoney(centsOf(q.priceMin))}–${formatMoney(centsOf(q.priceMax))}`);
  else if (q.priceMax !== undefined) parts.push(`up to ${formatMoney(centsOf(q.priceMax))}`);
  else if (q.priceMin !== undefined) parts.push(`from ${formatMoney(centsOf(q.priceMin))}`);
  if (q.lab?.length) parts.push(`graded by ${q.lab.join(' or ')}`);
  const more =
    [q.polish, q.symmetry, q.fluorescence].some((v) => v?.length) ||
    [q.depthMin, q.depthMax, q.tableMin, q.tableMax, q.lwMin, q.lwMax].some((v) => v !== undefined);
  if (more) parts.push('more filters');
  return parts.join(', ');
}
