// The module's public face: the carrier service (SHIPPING_PROVIDER) and what it says before a sale
// (rates, address checks). Labels and tracking after the sale are shipping's.
export {
  fixedShippingProvider,
  type BoughtLabel,
  type LabelRequest,
  type MethodRate,
  type MethodRates,
  type ShipAddress,
  type ShippingProvider,
} from './provider.ts';
export { easyPostProvider } from './easypost.ts';
export { CarrierRefused } from './errors.ts';
export { parcelOf, ratesFrom } from './rates.ts';
