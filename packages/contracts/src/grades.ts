// Diamond and gemstone vocabularies, best grade first (rank 0 = best): one list for the API, the seed
// and the pages. No zod here, so a page can use them without loading a schema library.
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
