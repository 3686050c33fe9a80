// The module's public face: the payment service (PAYMENT_PROVIDER) — the test cards or Stripe —
// and its words. Orders, returns, service estimates and gift cards take payments through it.
export {
  DECLINING_SAVED_CARD,
  paymentHold,
  testCardProvider,
  type Card,
  type CardProvider,
  type IntentProvider,
  type IntentState,
  type PaymentEvent,
  type PaymentProvider,
} from './provider.ts';
export { stripeClient, stripeProvider } from './stripe.ts';
