import { useEffect, useRef, useState } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElements } from '@stripe/stripe-js';

/**
 * Stripe's Payment Element for one payment, mounted into the returned ref. Stripe.js loads only
 * where this runs (only stores with Stripe render it); the card goes from the shopper's browser to
 * Stripe, never to our server. `confirm` answers Stripe's message when the payment did not go through.
 */
export function useStripeElement(clientSecret: string | null | undefined, publishableKey: string | null | undefined) {
  const mount = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let gone = false;
    if (!clientSecret || !publishableKey) return;
    loadStripe(publishableKey)
      .then((stripe) => {
        if (gone) return;
        if (!stripe || !mount.current) throw new Error('Stripe did not load');
        const elements = stripe.elements({
          clientSecret,
          appearance: {
            theme: 'stripe',
            variables: {
              colorPrimary: '#1f5e4b',
              colorText: '#1a1a1a',
              borderRadius: '2px',
              fontFamily: 'Inter, system-ui, sans-serif',
            },
          },
        });
        elements.create('payment', { layout: 'tabs' }).mount(mount.current);
        setReady({ stripe, elements });
      })
      .catch(() => {
        if (!gone)
          setFailure(
            'The secure payment form could not load. Check your connection and reload this page; nothing was charged.',
          );
      });
    return () => {
      gone = true;
    };
  }, [clientSecret, publishableKey]);

  /** Confirms the payment; a 3-D Secure page returns the shopper to `returnUrl`. */
  const confirm = async (returnUrl: string): Promise<string | null> => {
    if (!ready) return 'The payment form is still loading.';
    const { error } = await ready.stripe.confirmPayment({
      elements: ready.elements,
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    });
    return error ? (error.message ?? 'The payment did not go through. Please try again or use another card.') : null;
  };

  return { mount, ready: ready !== null, failure, confirm };
}
