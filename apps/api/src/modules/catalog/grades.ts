// Diamond and gemstone vocabularies, best grade first (rank 0 = best).
export const SHAPES = [
  'Round',
  'Oval',
  'Princess',
  'Cushion',
  'Emerald',
  'Pear',
  'Radiant',
  'Marquise',
  'Asscher',
  'Heart',
] as const;
export const COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'] as const;
export const CLARITIES = ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'I1', 'I2'] as const;
export const CUTS = ['Ideal', 'Excellent', 'Very Good', 'Good', 'Fair'] as const;
export const FINISHES = ['Excellent', 'Very Good', 'Good'] as const;
export const FLUORESCENCE = ['None', 'Faint', 'Medium', 'Strong'] as const;
export const LABS = ['GIA', 'IGI', 'GCAL', 'HRD'] as const;

export type Shape = (typeof SHAPES)[number];

// Metal qualities: the variants' `metal` and the configurator's choices.
export const METALS = [
  { quality: '14KW', name: '14K White Gold', centsPerGram: 7_800, densityFactor: 1, tone: 'white' },
  { quality: '14KY', name: '14K Yellow Gold', centsPerGram: 7_800, densityFactor: 1, tone: 'yellow' },
  { quality: '14KR', name: '14K Rose Gold', centsPerGram: 7_800, densityFactor: 1, tone: 'rose' },
  { quality: '18KW', name: '18K White Gold', centsPerGram: 10_100, densityFactor: 1.15, tone: 'white' },
  { quality: '18KY', name: '18K Yellow Gold', centsPerGram: 10_100, densityFactor: 1.15, tone: 'yellow' },
  { quality: '18KR', name: '18K Rose Gold', centsPerGram: 10_100, densityFactor: 1.15, tone: 'rose' },
  { quality: 'PLAT', name: 'Platinum', centsPerGram: 6_600, densityFactor: 1.6, tone: 'white' },
] as const;
export type MetalQuality = (typeof METALS)[number]['quality'];
export const metalByQuality = new Map(METALS.map((m) => [m.quality as string, m]));
export const metalTone = (quality: string) => metalByQuality.get(quality)?.tone ?? 'yellow';
