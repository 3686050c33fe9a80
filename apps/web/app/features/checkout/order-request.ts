import type { Address } from '@facet/contracts/account';
import type { PlaceOrderInput, ShippingMethod } from '@facet/contracts/commerce';
import type { AddressFieldName } from '~/components/form/address-fields.tsx';
import { expiryOf } from '../../components/payment/card-expiry.ts';
import type { CardFieldName } from '../../components/payment/payment-fields.tsx';

type Values<K extends string> = Record<K, string>;

/** The address an order ships to: a saved one as it is, or what was typed (US only). */
export function shippingAddressOf(
  saved: Address | null,
  typed: Values<AddressFieldName>,
): PlaceOrderInput['shippingAddress'] {
  const a = saved ?? typed;
  return {
    name: a.name,
    company: a.company,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    state: a.state as PlaceOrderInput['shippingAddress']['state'],
    zip: a.zip,
    country: 'US',
    phone: a.phone,
  };
}

/** The POST /order body from what the shopper chose and typed; the server prices and checks it all again. */
export function orderRequest(o: {
  email: string;
  shippingAddress: PlaceOrderInput['shippingAddress'];
  billing: Values<AddressFieldName> | null;
  method: ShippingMethod;
  /** Null when the provider takes the card itself (Stripe's Payment Element, after the order is placed). */
  card: Values<CardFieldName> | null;
  saveAddress: boolean;
  expectedTotalCents: number;
  /** Gift card codes, paid from first. */
  giftCards?: string[];
  /** A deposit now and instalments after (the store's layaway terms). */
  layaway?: boolean;
}): PlaceOrderInput {
  return {
    email: o.email.trim(),
    shippingAddress: o.shippingAddress,
    ...(o.billing ? { billingAddress: shippingAddressOf(null, o.billing) } : {}),
    shippingMethod: o.method,
    ...(o.card
      ? {
          card: {
            name: o.card.name.trim(),
            number: o.card.number.replace(/[\s-]/g, ''),
            ...expiryOf(o.card.exp),
            cvc: o.card.cvc,
          },
        }
      : {}),
    ...(o.saveAddress ? { saveAddress: true } : {}),
    expectedTotalCents: o.expectedTotalCents,
    ...(o.giftCards?.length ? { giftCards: o.giftCards } : {}),
    ...(o.layaway ? { plan: 'layaway' as const } : {}),
  };
}
