// The one price function for configured pieces: the cart and orders
// reuse it, and the client never sends a price.
//   casting labour + metal weight (g) × rate of the chosen quality + ring-size up-charge
//   + Σ over locations (stone price × count + setting labour)

export interface MetalRate {
  quality: string;
  name: string;
  centsPerGram: number;
  densityFactor: number;
}

export interface StoneChoice {
  location: number;
  /** e.g. "Center: 1.01 ct Round natural diamond, G VS1" */
  label: string;
  unitPriceCents: number;
  count: number;
  /** Labour to set all `count` stones of this location. */
  settingLabourCents: number;
}

export interface PriceInput {
  castingLabourCents: number;
  /** Weight of the piece in 14K gold; other metals scale by their density factor. */
  weightG: number;
  metal: MetalRate;
  sizeUpchargeCents: number;
  sizeLabel?: string;
  /** Extra finishing labour (a band profile, milgrain…), each its own line. */
  finishes?: Array<{ label: string; cents: number }>;
  stones: StoneChoice[];
}

export interface PriceLine {
  kind: 'labour' | 'metal' | 'size' | 'stone' | 'setting';
  label: string;
  cents: number;
  location?: number;
}
export interface PriceBreakdown {
  lines: PriceLine[];
  totalCents: number;
  metalWeightG: number;
}

const cents = (n: number) => {
  if (!Number.isFinite(n) || n < 0) throw new RangeError(`A price part must be a non-negative amount, got ${n}`);
  return Math.round(n);
};

export function priceConfiguration(input: PriceInput): PriceBreakdown {
  const metalWeightG = Math.round(input.weightG * input.metal.densityFactor * 100) / 100;
  const lines: PriceLine[] = [
    { kind: 'labour', label: 'Casting, finishing and polishing', cents: cents(input.castingLabourCents) },
    {
      kind: 'metal',
      label: `${input.metal.name}, ${metalWeightG.toFixed(2)} g`,
      cents: cents(metalWeightG * input.metal.centsPerGram),
    },
  ];
  for (const f of input.finishes ?? [])
    if (f.cents > 0) lines.push({ kind: 'labour', label: f.label, cents: cents(f.cents) });
  if (input.sizeUpchargeCents > 0)
    lines.push({
      kind: 'size',
      label: `Ring size ${input.sizeLabel ?? ''} up-charge`.replace('  ', ' '),
      cents: cents(input.sizeUpchargeCents),
    });
  for (const s of [...input.stones].sort((a, b) => a.location - b.location)) {
    if (!Number.isInteger(s.count) || s.count < 1)
      throw new RangeError(`Location ${s.location} needs at least one stone`);
    lines.push({
      kind: 'stone',
      label: s.count > 1 ? `${s.label} × ${s.count}` : s.label,
      cents: cents(s.unitPriceCents) * s.count,
      location: s.location,
    });
    if (s.settingLabourCents > 0)
      lines.push({
        kind: 'setting',
        label: `Setting, location ${s.location}`,
        cents: cents(s.settingLabourCents),
        location: s.location,
      });
  }
  return { lines, totalCents: lines.reduce((sum, l) => sum + l.cents, 0), metalWeightG };
}

/** Ring-size up-charge: sizes above 9 use more metal and bench time. */
export const sizeUpchargeCents = (size: number) => (size > 9 ? Math.ceil((size - 9) / 0.5) * 2_500 : 0);

/** Melee is priced per carat; one stone costs its share, at least a cent. */
export const meleeUnit = (p: { pricePerCaratCents: number; caratPerStone: number }) =>
  Math.max(1, Math.round(p.pricePerCaratCents * p.caratPerStone));
