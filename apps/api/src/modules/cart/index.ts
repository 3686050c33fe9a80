// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export { giftCardCentsOf, shippedGoods, shippingOptions, taxedTotals, type RatesSource } from './pricing.ts';
export {
  cartOf,
  alternativesTo,
  claimVisitorCart,
  copyCartInto,
  emptyCart,
  priceChoice,
  priceSku,
  pricedLines,
  type Owner,
  type PricedLine,
} from './service.ts';
