// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export {
  boughtCards,
  deliverDueGiftCards,
  giftCardsBoughtBy,
  giftPaymentsOf,
  heldByBoughtCards,
  issueBoughtCards,
  planGiftCards,
  returnToGiftCards,
  spendGiftCards,
  startGiftCardDelivery,
  type GiftUse,
} from './service.ts';
export { giftCardAdminRoutes, giftCardRoutes } from './routes.ts';
export { storeToday } from './today.ts';
