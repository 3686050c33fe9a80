// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export { orderTaxRecords } from './tax-ledger.ts';
export {
  orderAfterSale,
  takeLinkPayment,
  placeReplacement,
  refundInTx,
  type LinkPaid,
  type LinkPaymentState,
  type OrderRow,
} from './after-sale.ts';
export { advanceByCarrier, type BackOfficeDeps } from './back-office.ts';
export { balanceOf, placeDepositOrder, unpaidReason, type DepositOrderLine } from './part-payments.ts';
