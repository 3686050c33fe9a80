// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export { configuredPrices } from './purchasable.ts';
export {
  configuratorReads,
  configureProduct,
  diamondTitle,
  forgetCheapestStones,
  forgetConfiguratorMemo,
  gemTitle,
  meleeTitle,
  meleeUnit,
} from './service.ts';
export { addModel, setStoneLocations, stoneLocations } from './models.ts';
export type { ModelRow } from './repository.ts';
