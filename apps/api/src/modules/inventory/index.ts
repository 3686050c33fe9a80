// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export {
  stonePhotoRepository as stonePhotos,
  stoneStockRepository as stoneStock,
  supplierStoneRepository as supplierStones,
  type ExistingStone,
  type NewStone,
} from './repository.ts';
export { findStones } from './service.ts';
export type { DiamondRecord, MeleeParcelRecord, NotableGemstoneRecord } from './schema.ts';
