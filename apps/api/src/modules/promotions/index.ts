// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export {
  discountFor,
  MAX_CODES,
  redeemCode,
  releaseRedemption,
  type AppliedDiscount,
  type DiscountResult,
} from './apply.ts';
