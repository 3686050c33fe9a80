import type { MarkupRule } from '@facet/contracts/admin-feeds';
import { roundPrice } from '@facet/contracts/money';

// Retail from a supplier's cost: the first rule whose origin, carat band and cost band match sets
// a multiplier and how the price ends. Computed by the server only; cost never leaves it.

export type { MarkupRule };
export { roundPrice };

const CARATS = 1_000_000; // 10,000 ct: no upper bound
const ANY = Number.MAX_SAFE_INTEGER;
/** What a new store starts with (editable in the back office): lab-grown carries a larger margin on a smaller cost. */
export const DEFAULT_MARKUP: MarkupRule[] = [
  {
    origin: 'product',
    caratMin: 0,
    caratMax: CARATS,
    costMinCents: 0,
    costMaxCents: ANY,
    multiplier: 2,
    rounding: 'end-9',
  },
  {
    origin: 'lab',
    caratMin: 0,
    caratMax: CARATS,
    costMinCents: 0,
    costMaxCents: 100_000,
    multiplier: 2.2,
    rounding: 'end-9',
  },
  {
    origin: 'lab',
    caratMin: 0,
    caratMax: CARATS,
    costMinCents: 100_000,
    costMaxCents: ANY,
    multiplier: 1.8,
    rounding: 'end-9',
  },
  {
    origin: 'natural',
    caratMin: 0,
    caratMax: 100,
    costMinCents: 0,
    costMaxCents: ANY,
    multiplier: 1.45,
    rounding: 'end-0',
  },
  {
    origin: 'natural',
    caratMin: 100,
    caratMax: 300,
    costMinCents: 0,
    costMaxCents: ANY,
    multiplier: 1.3,
    rounding: 'end-0',
  },
  {
    origin: 'natural',
    caratMin: 300,
    caratMax: CARATS,
    costMinCents: 0,
    costMaxCents: ANY,
    multiplier: 1.2,
    rounding: 'end-0',
  },
  {
    origin: 'any',
    caratMin: 0,
    caratMax: CARATS,
    costMinCents: 0,
    costMaxCents: ANY,
    multiplier: 1.4,
    rounding: 'dollar',
  },
];

export function retailCents(
  rules: readonly MarkupRule[],
  /** A supplier stone, or a supplier product (origin 'product', carat 0). */
  stone: { origin: 'natural' | 'lab' | 'product'; caratPoints: number; costCents: number },
): number | null {
  const rule = rules.find(
    (r) =>
      (r.origin === 'any' || r.origin === stone.origin) &&
      stone.caratPoints >= r.caratMin &&
      stone.caratPoints < r.caratMax &&
      stone.costCents >= r.costMinCents &&
      stone.costCents < r.costMaxCents,
  );
  return rule ? roundPrice(stone.costCents * rule.multiplier, rule.rounding) : null;
}
