// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export {
  allCategories,
  refreshConfiguredPrices,
  refreshListingCopies,
  refreshMinPrice,
  replaceAttributes,
  repricePieces,
} from './service.ts';
export {
  productStockRepository as productStock,
  supplierDesignRepository as supplierDesigns,
  type ExistingDesign,
  type ExistingVariant,
  type NewVariant,
} from './repository.ts';
export type { ProductRecord } from './schema.ts';
