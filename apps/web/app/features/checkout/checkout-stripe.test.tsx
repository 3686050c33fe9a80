import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import type { Cart } from '@facet/contracts/commerce';
import type { StoreFacts } from '@facet/contracts/store-facts';
import { CheckoutForm } from './checkout-form.tsx';

// The checkout of a store paid through Stripe, with Stripe.js replaced at its module boundary
// (it cannot load offline): what the page asks our API, what it hands to Stripe, what the shopper
// sees. The server side (intents, webhooks, holds) is tested against a local Stripe server in
// apps/api/src/modules/order/stripe.test.ts.

const stripe = vi.hoisted(() => {
  const mount = vi.fn();
  const create = vi.fn(() => ({ mount }));
  const elements = vi.fn(() => ({ create }));
  const confirmPayment = vi.fn();
  const loadStripe = vi.fn(async () => ({ elements, confirmPayment }));
  return { mount, create, elements, confirmPayment, loadStripe };
});
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));

const PK = 'pk_test_facetComponentTest000001';
const facts: StoreFacts = {
  freeShippingOverCents: 25_000,
  shipping: {
    standard: { label: 'Insured standard', days: '5–7 business days', cents: 0 },
    express: { label: 'Insured express', days: '2–3 business days', cents: 3_550 },
    overnight: { label: 'Insured overnight', days: 'Next business day', cents: 6_500 },
  },
  madeToOrderDays: [10, 14],
  returnDays: 30,
  freeResizeDays: 60,
  madeToOrderRestockingPercent: 15,
  openingHours: [null, ...Array.from({ length: 6 }, () => ({ open: '10:00', close: '18:00' }))],
  timezone: 'America/New_York',
  announcement: null,
  videoOrigins: [],
  payment: { provider: 'stripe', publishableKey: PK, holdMinutes: 15 },
};
const cart: Cart = {
  lines: [
    {
      id: 1,
      kind: 'diamond',
      key: 'diamond:7',
      title: '1.01 ct Round Diamond, G VS1',
      details: ['GIA 1234567890'],
      image: '/api/media/item.svg?k=stone',
      href: '/diamonds/7',
      quantity: 1,
      maxQuantity: 1,
      unitPriceCents: 512_000,
      lineTotalCents: 512_000,
      available: true,
      message: null,
    },
  ] as Cart['lines'],
  count: 1,
  checkoutReady: true,
  shippingOptions: [{ method: 'standard', label: 'Insured standard', days: '5–7 business days', cents: 0 }],
  freeShippingOverCents: 25_000,
  totals: {
    subtotalCents: 512_000,
    discountCents: 0,
    discountLabel: null,
    shippingCents: 0,
    taxCents: 40_960,
    taxState: 'NY',
    taxLines: [],
    totalCents: 552_960,
  },
  discountCodes: [],
};
const placed = {
  number: 'FCT-7K2M9Q4D',
  accessToken: 'tok_abcdefghijklmnopqrstuvwx',
  totals: cart.totals,
  payment: {
    brand: '',
    last4: '',
    state: 'pending',
    clientSecret: 'pi_123_secret_456',
    publishableKey: PK,
    expiresAt: '2026-11-23T18:15:00.000Z',
  },
};

let requests: Array<{ url: string; method: string; body: unknown }> = [];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ url, method: init.method ?? 'GET', body });
      const data = url.includes('/order') ? placed : cart;
      return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderCheckout() {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ facts }),
      HydrateFallback: () => null,
      Component: () => <CheckoutForm cart={cart} saved={[]} />,
    },
    { path: '/order-confirmation', Component: () => <h1>Confirmation page</h1> },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

/** The contact and a New York address, as a shopper types them. */
async function fillAddress() {
  fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'grace@example.com' } });
  for (const [label, value] of [
    [/^Full name/, 'Grace Hopper'],
    [/^Street address/, '1 Compiler Way'],
    [/^City/, 'New York'],
    [/^ZIP code/, '10012'],
    [/^Phone/, '(212) 555-0143'],
  ] as const)
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.change(screen.getByLabelText(/^State/), { target: { value: 'NY' } });
}

async function placeOrder() {
  renderCheckout();
  await fillAddress();
  const place = screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement;
  await waitFor(() => expect(place.disabled).toBe(false));
  fireEvent.click(place);
  return screen.findByRole('button', { name: 'Pay $5,529.60' });
}

describe('checkout with Stripe', () => {
  it('places the order only on the total for the address entered: a total still on its way is waited for', async () => {
    // The review for the whole address (with its tax) comes late; the one for the state alone had none.
    let answer: (() => void) | null = null;
    const untaxed = { ...cart, totals: { ...cart.totals, taxCents: 0, taxState: null, totalCents: 512_000 } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        requests.push({ url, method: init.method ?? 'GET', body });
        const json = (data: unknown) =>
          new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
        if (url.includes('/order')) return json(placed);
        if (!url.includes('zip=')) return json(untaxed);
        await new Promise<void>((resolve) => (answer = resolve));
        return json(cart);
      }),
    );
    renderCheckout();
    await fillAddress();
    const place = screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement;
    await waitFor(() => expect(answer).not.toBeNull());
    expect(place.disabled).toBe(true);
    fireEvent.click(place);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    answer!();
    await waitFor(() => expect(place.disabled).toBe(false));
    fireEvent.click(place);
    await screen.findByRole('button', { name: 'Pay $5,529.60' });
    const order = requests.find((r) => r.method === 'POST' && r.url.endsWith('/order'))!;
    expect(order.body).toMatchObject({ expectedTotalCents: 552_960 });
  });

  it('asks for no card on our page; the order is placed first, then paid in Stripe’s Payment Element', async () => {
    renderCheckout();
    expect(await screen.findByText(/Your card details go to\s+Stripe/)).toBeTruthy();
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
    cleanup();

    const pay = await placeOrder();
    const order = requests.find((r) => r.method === 'POST' && r.url.endsWith('/order'))!;
    expect(order.body).not.toHaveProperty('card');
    expect(order.body).toMatchObject({ email: 'grace@example.com', expectedTotalCents: 552_960 });
    await waitFor(() => expect(stripe.mount).toHaveBeenCalled());
    expect(stripe.loadStripe).toHaveBeenCalledWith(PK);
    expect(stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_123_secret_456' }));
    expect(stripe.create).toHaveBeenCalledWith('payment', expect.anything());

    stripe.confirmPayment.mockResolvedValueOnce({});
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    await screen.findByRole('heading', { name: 'Confirmation page' });
    expect(stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        redirect: 'if_required',
        confirmParams: {
          return_url: expect.stringMatching(
            /\/order-confirmation\?number=FCT-7K2M9Q4D&token=tok_abcdefghijklmnopqrstuvwx$/,
          ),
        },
      }),
    );
  });

  it('a declined card says so and keeps the shopper on the payment form', async () => {
    const pay = await placeOrder();
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    stripe.confirmPayment.mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card was declined.' } });
    fireEvent.click(pay);
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(screen.queryByRole('heading', { name: 'Confirmation page' })).toBeNull();
  });
});
