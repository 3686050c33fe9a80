import { useEffect, useRef, useState } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import type { Order } from '@facet/contracts/commerce';
import { formatMoney } from '@facet/contracts/money';

export type PendingOrder = Order & { accessToken?: string };

/** Where the shopper lands after paying (and where Stripe returns them after a 3-D Secure page). */
export const confirmationPath = (o: PendingOrder) =>
  `/order-confirmation?number=${o.number}${o.accessToken ? `&token=${o.accessToken}` : ''}`;

/**
 * Pays a placed order with Stripe's Payment Element. Stripe.js loads only here (only stores with
 * Stripe render this); the card goes from the shopper's browser to Stripe, never to our server.
 * A 3-D Secure challenge opens in Stripe's frame or page and comes back to the confirmation page.
 */
export function StripePayment({ order, onPaid }: { order: PendingOrder; onPaid: (path: string) => void }) {
  const mount = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { clientSecret, publishableKey, expiresAt } = order.payment;

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

  const pay = async () => {
    if (!ready) return;
    setBusy(true);
    setFailure(null);
    const path = confirmationPath(order);
    const { error } = await ready.stripe.confirmPayment({
      elements: ready.elements,
      confirmParams: { return_url: `${window.location.origin}${path}` },
      redirect: 'if_required',
    });
    setBusy(false);
    if (error) setFailure(error.message ?? 'The payment did not go through. Please try again or use another card.');
    else onPaid(path);
  };

  const until = expiresAt ? new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }).format(new Date(expiresAt)) : null;
  return (
    <section aria-labelledby="pay-heading" className="mx-auto mt-8 max-w-xl border border-hairline p-6">
      <h2 id="pay-heading" className="font-display text-3xl">
        Pay {formatMoney(order.totals.totalCents, { exact: true })}
      </h2>
      <p className="mt-2 text-sm text-muted">
        Order {order.number} is reserved for you{until ? ` until ${until}` : ''}. Your card details go to Stripe, our
        payment processor, and never to us.
      </p>
      <div ref={mount} className="mt-6 min-h-40" data-testid="payment-element" aria-busy={!ready} />
      {failure && (
        <p role="alert" className="mt-4 text-sm text-danger">
          {failure}
        </p>
      )}
      <button type="button" className="btn-primary mt-6 w-full" disabled={!ready || busy} onClick={() => void pay()}>
        {busy ? 'Paying…' : `Pay ${formatMoney(order.totals.totalCents, { exact: true })}`}
      </button>
    </section>
  );
}
