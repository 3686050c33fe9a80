import { CLARITIES, COLORS, CUTS, FINISHES, FLUORESCENCE, LABS, SHAPES } from '../modules/catalog/index.ts';
import { diamondPriceCents } from '../modules/catalog/index.ts';
import type { Rng } from './rng.ts';

const BASE_DATE = Date.UTC(2025, 0, 1);

// Length/width ratio and depth of each shape (typical trade ranges).
const SHAPE_LW: Record<string, [number, number]> = {
  Round: [1, 1.01],
  Oval: [1.3, 1.5],
  Princess: [1, 1.04],
  Cushion: [1, 1.15],
  Emerald: [1.3, 1.5],
  Pear: [1.5, 1.7],
  Radiant: [1.0, 1.35],
  Marquise: [1.85, 2.1],
  Asscher: [1, 1.04],
  Heart: [0.95, 1.05],
};

export function generateDiamonds(rng: Rng, count: number) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    const origin = rng.next() < 0.38 ? ('lab' as const) : ('natural' as const);
    const shape = rng.weighted(SHAPES.map((s, k) => [s, [45, 13, 8, 8, 7, 6, 5, 3, 3, 2][k]!] as const));
    // Carat: most stones sit between 0.3 and 1.5 ct, with a long tail to 6 ct (more large lab stones).
    const tail = origin === 'lab' ? 0.55 : 0.42;
    const carat = Math.min(8, Math.max(0.23, Math.round(Math.exp(Math.log(0.8) + rng.gauss() * tail) * 100) / 100));
    const color = COLORS[Math.min(9, Math.max(0, Math.round((origin === 'lab' ? 2 : 3.5) + rng.gauss() * 1.7)))]!;
    const clarity = CLARITIES[Math.min(9, Math.max(0, Math.round((origin === 'lab' ? 3.8 : 5) + rng.gauss() * 1.5)))]!;
    const cut =
      shape === 'Round'
        ? CUTS[
            rng.weighted([
              [0, 30],
              [1, 40],
              [2, 20],
              [3, 8],
              [4, 2],
            ] as const)
          ]!
        : CUTS[
            rng.weighted([
              [1, 45],
              [2, 35],
              [3, 15],
              [4, 5],
            ] as const)
          ]!;
    const polish =
      FINISHES[
        rng.weighted([
          [0, 70],
          [1, 25],
          [2, 5],
        ] as const)
      ]!;
    const symmetry =
      FINISHES[
        rng.weighted([
          [0, 62],
          [1, 30],
          [2, 8],
        ] as const)
      ]!;
    const fluorescence =
      FLUORESCENCE[
        origin === 'lab'
          ? rng.weighted([
              [0, 85],
              [1, 12],
              [2, 3],
            ] as const)
          : rng.weighted([
              [0, 60],
              [1, 20],
              [2, 13],
              [3, 7],
            ] as const)
      ]!;
    const [lw0, lw1] = SHAPE_LW[shape]!;
    const lwRatio = Math.round((lw0 + rng.next() * (lw1 - lw0)) * 100) / 100;
    const depthPct = Math.round((shape === 'Round' ? 61.8 : 64.5) * 10 + rng.gauss() * 12) / 10;
    const tablePct = Math.round((shape === 'Round' ? 57 : 63) * 10 + rng.gauss() * 18) / 10;
    // Size from weight: a round of 1 ct is about 6.4 mm across.
    const width = Math.round(((6.4 * Math.cbrt(carat)) / Math.sqrt(lwRatio)) * 100) / 100;
    const length = Math.round(width * lwRatio * 100) / 100;
    const depth = Math.round(width * depthPct) / 100;
    const lab =
      origin === 'lab'
        ? rng.weighted([
            ['IGI', 70],
            ['GIA', 20],
            ['GCAL', 10],
          ] as const)
        : rng.weighted([
            [LABS[0], 75],
            [LABS[1], 10],
            [LABS[2], 8],
            [LABS[3], 7],
          ] as const);
    rows.push({
      serial: `${origin === 'lab' ? 'LD' : 'ND'}${String(100000 + i)}`,
      origin,
      shape,
      caratPoints: Math.round(carat * 100),
      color,
      colorRank: COLORS.indexOf(color),
      clarity,
      clarityRank: CLARITIES.indexOf(clarity),
      cut,
      cutRank: CUTS.indexOf(cut),
      polish,
      symmetry,
      fluorescence,
      depthPct,
      tablePct,
      lwRatio,
      lengthMm: length,
      widthMm: width,
      depthMm: depth,
      lab,
      certificate: `${lab}-${String(2_200_000_000 + Math.floor(rng.next() * 99_999_999))}`,
      priceCents: diamondPriceCents({ origin, shape, carat, color, clarity, cut, fluorescence }, rng.gauss() * 0.04),
      createdAt: new Date(BASE_DATE + i * 60_000 * 37),
    });
  }
  return rows;
}

export const GEMSTONE_TYPES = [
  {
    slug: 'sapphire',
    name: 'Sapphire',
    color: '#1f4fa8',
    colors: [
      ['Royal Blue', '#1f4fa8'],
      ['Cornflower Blue', '#4a78c9'],
      ['Pink', '#d76a9c'],
      ['Yellow', '#e6b92e'],
      ['Padparadscha', '#ee8f6b'],
    ],
    origins: ['Sri Lanka', 'Madagascar', 'Myanmar', 'Montana', 'Australia'],
    perCarat: [900, 6_500],
    description:
      'The blue stone of royal engagement rings, also found in pink, yellow and the rare sunset padparadscha.',
  },
  {
    slug: 'ruby',
    name: 'Ruby',
    color: '#b3122e',
    colors: [
      ['Pigeon Blood Red', '#a50d26'],
      ['Red', '#c21d3a'],
      ['Pinkish Red', '#cf3c5b'],
    ],
    origins: ['Myanmar', 'Mozambique', 'Thailand', 'Madagascar'],
    perCarat: [1_400, 12_000],
    description: 'Red corundum, as hard as sapphire; the finest show the glowing red traders call pigeon blood.',
  },
  {
    slug: 'emerald',
    name: 'Emerald',
    color: '#127a4b',
    colors: [
      ['Vivid Green', '#0f7a45'],
      ['Green', '#2b8f5e'],
      ['Bluish Green', '#1b8577'],
    ],
    origins: ['Colombia', 'Zambia', 'Brazil', 'Afghanistan'],
    perCarat: [700, 9_000],
    description: 'Green beryl with a garden of inclusions that proves its origin; Colombian stones set the standard.',
  },
  {
    slug: 'tanzanite',
    name: 'Tanzanite',
    color: '#4b3fa8',
    colors: [
      ['Violet Blue', '#4b3fa8'],
      ['Blue Violet', '#5b4bc4'],
      ['Lavender', '#8f7fd0'],
    ],
    origins: ['Tanzania'],
    perCarat: [300, 1_200],
    description: 'Found at the foot of Kilimanjaro and nowhere else, shifting between blue and violet.',
  },
  {
    slug: 'spinel',
    name: 'Spinel',
    color: '#c2305f',
    colors: [
      ['Red', '#c0243f'],
      ['Hot Pink', '#e0407f'],
      ['Cobalt Blue', '#2d55c8'],
      ['Lavender', '#a08ad0'],
    ],
    origins: ['Myanmar', 'Sri Lanka', 'Tanzania', 'Vietnam'],
    perCarat: [400, 3_500],
    description: 'Once mistaken for ruby in crown jewels; bright, hard and rarely treated.',
  },
  {
    slug: 'tourmaline',
    name: 'Tourmaline',
    color: '#1aa39a',
    colors: [
      ['Paraiba Blue', '#1ab8c4'],
      ['Pink', '#e27aa3'],
      ['Green', '#3f9a54'],
      ['Bicolor', '#c05a8a'],
    ],
    origins: ['Brazil', 'Mozambique', 'Nigeria', 'Afghanistan'],
    perCarat: [200, 4_000],
    description: 'The gem of every color, from neon Paraíba blue to watermelon bicolors.',
  },
  {
    slug: 'aquamarine',
    name: 'Aquamarine',
    color: '#6fb7d6',
    colors: [
      ['Santa Maria Blue', '#3f8fc4'],
      ['Sky Blue', '#7cc0df'],
      ['Sea Blue', '#8ccad6'],
    ],
    origins: ['Brazil', 'Mozambique', 'Nigeria', 'Madagascar'],
    perCarat: [120, 900],
    description: 'Blue beryl the color of sea water, clean and bright in large sizes.',
  },
  {
    slug: 'morganite',
    name: 'Morganite',
    color: '#e6a3a0',
    colors: [
      ['Peach', '#efb39c'],
      ['Pink', '#e89fae'],
      ['Salmon', '#eba08b'],
    ],
    origins: ['Brazil', 'Madagascar', 'Afghanistan'],
    perCarat: [80, 500],
    description: 'Peach-pink beryl, soft and warm, lovely in rose gold.',
  },
] as const;

const GEM_SHAPES = ['Oval', 'Cushion', 'Round', 'Emerald', 'Pear', 'Heart', 'Marquise', 'Radiant'] as const;

export function generateGemstones(rng: Rng, count: number) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    const type = GEMSTONE_TYPES[i % GEMSTONE_TYPES.length]!;
    const [color, colorHex] = rng.pick(type.colors as ReadonlyArray<readonly [string, string]>);
    const shape = rng.weighted(GEM_SHAPES.map((s, k) => [s, [35, 22, 12, 12, 8, 4, 3, 4][k]!] as const));
    const carat = Math.min(15, Math.max(0.5, Math.round(Math.exp(Math.log(1.6) + rng.gauss() * 0.5) * 100) / 100));
    const [lw0, lw1] = SHAPE_LW[shape] ?? [1, 1.1];
    const lw = lw0 + rng.next() * (lw1 - lw0);
    const width = Math.round(((6.1 * Math.cbrt(carat)) / Math.sqrt(lw)) * 100) / 100;
    const quality = rng.next();
    const perCarat = type.perCarat[0] + quality ** 2 * (type.perCarat[1] - type.perCarat[0]);
    const agta = rng.next() < 0.65;
    const treatment =
      type.slug === 'emerald'
        ? rng.pick(['Minor oil', 'Minor oil', 'Moderate oil', 'None'])
        : ['sapphire', 'ruby', 'tanzanite', 'aquamarine'].includes(type.slug)
          ? rng.pick(['Heat', 'Heat', 'None'])
          : 'None';
    const untreated = treatment === 'None' ? 1.25 : 1;
    rows.push({
      serial: `NG${String(200000 + i)}`,
      typeSlug: type.slug,
      color,
      colorHex,
      shape,
      caratPoints: Math.round(carat * 100),
      lengthMm: Math.round(width * lw * 100) / 100,
      widthMm: width,
      depthMm: Math.round(width * 0.62 * 100) / 100,
      origin: rng.pick(type.origins as readonly string[]),
      agtaCertificate: agta ? `AGTA-${String(60000 + i * 7)}` : null,
      treatment,
      priceCents: Math.round((perCarat * carat * Math.pow(carat, 0.18) * untreated) / 10) * 1000,
    });
  }
  return rows;
}

// Melee: small diamonds by sieve size, sold by the stone with a price per carat.
const MELEE_SIZES: Array<[number, string, number]> = [
  [0.8, '+0.0-0.5', 0.0025],
  [1.0, '+1.5-2.0', 0.005],
  [1.2, '+3.0-3.5', 0.0075],
  [1.3, '+4.0-4.5', 0.01],
  [1.5, '+5.5-6.0', 0.015],
  [1.7, '+7.5-8.0', 0.02],
  [2.0, '+11.0-11.5', 0.03],
  [2.2, '+12.5-13.0', 0.04],
  [2.5, '+14.0-14.5', 0.06],
  [2.7, '+15.0-15.5', 0.075],
  [3.0, '+16.5-17.0', 0.1],
];
const MELEE_QUALITIES: Array<[string, number]> = [
  ['F-G VVS', 1.55],
  ['G-H VS', 1.2],
  ['G-H SI', 1],
  ['I-J SI', 0.78],
];

export function generateMelee(rng: Rng) {
  const rows = [];
  for (const origin of ['natural', 'lab'] as const) {
    for (const shape of ['Round', 'Princess'] as const) {
      for (const [sizeMm, sieve, ct] of MELEE_SIZES) {
        if (shape === 'Princess' && sizeMm < 1.3) continue;
        for (const [quality, q] of MELEE_QUALITIES) {
          const base = (origin === 'lab' ? 260 : 1_050) * (1 + sizeMm * 0.22) * q * (shape === 'Princess' ? 1.08 : 1);
          rows.push({
            sku: `ML-${origin === 'lab' ? 'L' : 'N'}${shape[0]}-${sizeMm.toFixed(1)}-${quality.replace(/\s+/g, '')}`,
            origin,
            shape,
            sizeMm,
            sieve,
            caratPerStone: ct,
            quality,
            pricePerCaratCents: Math.round(base) * 100,
            stock: rng.int(80, 2000),
          });
        }
      }
    }
  }
  return rows;
}
