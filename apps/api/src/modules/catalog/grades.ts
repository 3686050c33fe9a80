export { CLARITIES, COLORS, CUTS, FINISHES, FLUORESCENCE, LABS, SHAPES, type Shape } from '@facet/contracts/grades';

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
export const metalByQuality = new Map(METALS.map((m) => [m.quality as string, m]));
export const metalTone = (quality: string) => metalByQuality.get(quality)?.tone ?? 'yellow';
