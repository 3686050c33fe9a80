// The metals pieces are made in: one home for their codes, names and tones (prices per gram are
// store data, set in the back office; the seed's first prices live with the seed).
export const METALS = [
  { quality: '14KW', name: '14K White Gold', tone: 'white' },
  { quality: '14KY', name: '14K Yellow Gold', tone: 'yellow' },
  { quality: '14KR', name: '14K Rose Gold', tone: 'rose' },
  { quality: '18KW', name: '18K White Gold', tone: 'white' },
  { quality: '18KY', name: '18K Yellow Gold', tone: 'yellow' },
  { quality: '18KR', name: '18K Rose Gold', tone: 'rose' },
  { quality: 'PLAT', name: 'Platinum', tone: 'white' },
] as const;
export type MetalQuality = (typeof METALS)[number]['quality'];
export type MetalTone = (typeof METALS)[number]['tone'];
export const METAL_QUALITIES = METALS.map((m) => m.quality) as [MetalQuality, ...MetalQuality[]];

const byQuality = new Map<string, (typeof METALS)[number]>(METALS.map((m) => [m.quality, m]));
export const isMetalQuality = (q: string): q is MetalQuality => byQuality.has(q);
/** "14K White Gold"; an unknown code (a supplier's) as it came. */
export const metalName = (quality: string) => byQuality.get(quality)?.name ?? quality;
export const metalTone = (quality: string): MetalTone => byQuality.get(quality)?.tone ?? 'yellow';
/** Where a metal sorts: its place in METALS (-1, so first, for a code not among them). */
export const metalOrder = (quality: string) => METAL_QUALITIES.indexOf(quality as MetalQuality);

/** The metal a design is first shown in when made from a list (a feed's, the demo catalogue's): 14K white gold when offered, else the first. */
export const DEFAULT_METAL: MetalQuality = '14KW';
export const defaultMetalOf = (metals: readonly string[]) =>
  metals.includes(DEFAULT_METAL) ? DEFAULT_METAL : metals[0]!;
