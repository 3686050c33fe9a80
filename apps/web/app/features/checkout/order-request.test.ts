import { describe, expect, it } from 'vitest';
import { placeOrderBody } from '@facet/contracts/commerce';
import { expiryOf } from '../../components/payment/card-expiry.ts';
import { orderRequest, shippingAddressOf } from './order-request.ts';

const typed = {
  name: 'Ada Lovelace',
  company: '',
  line1: '12 Analytical Row',
  line2: '',
  city: 'Boston',
  state: 'MA',
  zip: '02110',
  phone: '617 555 0100',
};
const card = { name: ' Ada Lovelace ', number: '4242 4242-4242 4242', exp: '04 / 31', cvc: '123' };

describe('checkout order request', () => {
  it('reads MM / YY as a month and a four-digit year', () => {
    expect(expiryOf('04 / 31')).toEqual({ expMonth: 4, expYear: 2031 });
    expect(expiryOf('12/29')).toEqual({ expMonth: 12, expYear: 2029 });
  });

  it('builds a body the server schema accepts: card digits only, names trimmed, US addresses', () => {
    const body = orderRequest({
      email: ' ada@example.com ',
      shippingAddress: shippingAddressOf(null, typed),
      billing: { ...typed, city: 'Cambridge' },
      method: 'express',
      card,
      saveAddress: true,
      expectedTotalCents: 123_45,
    });
    expect(body.card).toEqual({
      name: 'Ada Lovelace',
      number: '4242424242424242',
      expMonth: 4,
      expYear: 2031,
      cvc: '123',
    });
    expect(body.billingAddress).toMatchObject({ city: 'Cambridge', country: 'US' });
    expect(body.email).toBe('ada@example.com');
    expect(placeOrderBody.safeParse(body).success).toBe(true);
  });

  it('leaves out the billing address when it is the shipping one, and saveAddress unless asked', () => {
    const body = orderRequest({
      email: 'ada@example.com',
      shippingAddress: shippingAddressOf(null, typed),
      billing: null,
      method: 'standard',
      card,
      saveAddress: false,
      expectedTotalCents: 1,
    });
    expect(body).not.toHaveProperty('billingAddress');
    expect(body).not.toHaveProperty('saveAddress');
  });
});
