import { CLARITIES, COLORS, CUTS } from './grades.ts';

// Price per carat of a natural G VS2 Excellent round, by carat: it rises steeply with size.
const PER_CARAT_USD: Array<[number, number]> = [
  [0.3, 1_900],
  [0.5, 3_100],
  [0.7, 4_100],
  [0.9, 5_200],
  [1.0, 6_600],
  [1.5, 9_600],
  [2.0, 14_500],
  [3.0, 23_000],
  [5.0, 36_000],
  [8.0, 52_000],
];
const COLOR_FACTOR = [1.5, 1.34, 1.22, 1.0, 0.88, 0.76, 0.65, 0.56, 0.49, 0.43];
const CLARITY_FACTOR = [1.9, 1.6, 1.38, 1.26, 1.11, 1.0, 0.86, 0.73, 0.52, 0.36];
const CUT_FACTOR = [1.08, 1.0, 0.89, 0.79, 0.68];
const SHAPE_FACTOR: Record<string, number> = {
  Round: 1,
  Oval: 0.82,
  Princess: 0.76,
  Cushion: 0.74,
  Emerald: 0.78,
  Pear: 0.8,
  Radiant: 0.76,
  Marquise: 0.78,
  Asscher: 0.77,
  Heart: 0.81,
};
const FLUOR_FACTOR: Record<string, number> = { None: 1, Faint: 0.99, Medium: 0.95, Strong: 0.88 };
/** Lab-grown diamonds sell far below natural ones of the same grades. */
export const LAB_FACTOR = 0.14;
/** No lab-grown stone sells below this per carat (cutting and grading cost the same). */
const LAB_FLOOR_USD_PER_CARAT = 520;

function perCarat(carat: number): number {
  const pts = PER_CARAT_USD;
  if (carat <= pts[0]![0]) return pts[0]![1];
  for (let i = 1; i < pts.length; i++) {
    const [c1, p1] = pts[i]!;
    const [c0, p0] = pts[i - 1]!;
    if (carat <= c1) return p0 + ((carat - c0) / (c1 - c0)) * (p1 - p0);
  }
  return pts[pts.length - 1]![1];
}

export interface DiamondGrades {
  origin: 'natural' | 'lab';
  shape: string;
  carat: number;
  color: string;
  clarity: string;
  cut: string;
  fluorescence: string;
}

/** Deterministic list price in cents; `noise` (≈ ±0.06) stands in for the market's spread. */
export function diamondPriceCents(d: DiamondGrades, noise = 0): number {
  const usd =
    perCarat(d.carat) *
    d.carat *
    (COLOR_FACTOR[COLORS.indexOf(d.color as never)] ?? 0.4) *
    (CLARITY_FACTOR[CLARITIES.indexOf(d.clarity as never)] ?? 0.35) *
    (CUT_FACTOR[CUTS.indexOf(d.cut as never)] ?? 0.7) *
    (SHAPE_FACTOR[d.shape] ?? 0.8) *
    (FLUOR_FACTOR[d.fluorescence] ?? 1) *
    (d.origin === 'lab' ? LAB_FACTOR : 1) *
    (1 + noise);
  const floored = d.origin === 'lab' ? Math.max(usd, LAB_FLOOR_USD_PER_CARAT * d.carat) : usd;
  // Jewelers' prices end in whole tens of dollars.
  return Math.max(9_000, Math.round(floored / 10) * 1_000);
}
