// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export { DiamondIndex } from './diamond-index.ts';
export { diamondPriceCents } from './diamond-price.ts';
export {
  CLARITIES,
  COLORS,
  CUTS,
  FINISHES,
  FLUORESCENCE,
  LABS,
  METALS,
  SHAPES,
  metalName,
  metalOrder,
  metalTone,
} from './grades.ts';
export {
  catalogueStats,
  lastQuotedStoneCount,
  matchStones,
  reloadCatalogueCopies,
  warmCatalogue,
  type DiamondIndexRow,
} from './service.ts';
