// The module's public face: the carrier service (SHIPPING_PROVIDER), rates, labels and tracking.
export { fixedShippingProvider, type MethodRate, type MethodRates, type ShippingProvider } from './provider.ts';
export { easyPostProvider } from './easypost.ts';
export { ratesFrom } from './service.ts';
export { addressCheckRoutes, returnLabelFrom, shippingAdminRoutes, trackingWebhookRoutes } from './routes.ts';
