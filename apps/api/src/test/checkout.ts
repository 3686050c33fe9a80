/** A valid order body for tests: a New York address and the test card that is approved. */
export const orderBody = (email: string, extra: object = {}) => ({
  email,
  shippingAddress: {
    name: 'Ada King',
    company: '',
    line1: '12 Bleecker St',
    line2: '',
    city: 'New York',
    state: 'NY',
    zip: '10012',
    country: 'US',
    phone: '(212) 555-0188',
  },
  shippingMethod: 'standard',
  card: { name: 'Ada King', number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
  ...extra,
});
