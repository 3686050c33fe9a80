import { caratOf } from './carats.ts';

// How the store names a stone, everywhere (cards, cart, orders, e-mails, image alt text): carat,
// shape, kind, then its grades or color, so a gem's shape never reads as another gem's name.

/** Step cuts and the square brilliant read as "-cut": "Emerald-cut ruby", never "Emerald ruby". */
const CUT_SUFFIX = new Set(['Emerald', 'Asscher', 'Princess', 'Radiant', 'Cushion', 'Baguette']);
export const shapeName = (shape: string) => (CUT_SUFFIX.has(shape) ? `${shape}-cut` : shape);

const ct = (carat: number) => `${carat.toFixed(2)} ct`;

/** "1.01 ct Emerald-cut lab-grown diamond, G VS1" */
export const diamondName = (d: { carat: number; shape: string; origin: string; color: string; clarity: string }) =>
  `${ct(d.carat)} ${shapeName(d.shape)} ${d.origin === 'lab' ? 'lab-grown ' : ''}diamond, ${d.color} ${d.clarity}`;

/** "1.02 ct Emerald-cut Ruby, pigeon blood red" */
export const gemstoneName = (g: { carat: number; shape: string; typeName: string; color: string }) =>
  `${ct(g.carat)} ${shapeName(g.shape)} ${g.typeName}, ${g.color.toLowerCase()}`;

/** The facts a statement reads to name a stone (points, not carats; a gem's type name, a diamond's origin and clarity). */
export interface StoneFacts {
  kind: 'diamond' | 'gemstone';
  caratPoints: number;
  shape: string;
  origin: string | null;
  color: string;
  clarity: string | null;
  typeName: string | null;
}

/**
 * A row read with a stone's facts, given its name in their place: what the back office, an order's
 * bench list and the cards all call the same stone.
 */
export function withStoneTitle<T extends StoneFacts>(
  row: T,
): Omit<T, Exclude<keyof StoneFacts, 'kind'>> & { title: string } {
  const { caratPoints, shape, origin, color, clarity, typeName, ...rest } = row;
  const carat = caratOf(caratPoints);
  const title =
    row.kind === 'diamond'
      ? diamondName({ carat, shape, origin: origin ?? 'natural', color, clarity: clarity ?? '' })
      : gemstoneName({ carat, shape, typeName: typeName ?? 'Gemstone', color });
  return { ...rest, title };
}
