import { useState } from 'react';
import type { Order } from '@facet/contracts/commerce';
import { formatMoney } from '@facet/contracts/money';
import { useStripeElement } from '~/components/payment/use-stripe-element.ts';

export type PendingOrder = Order & { accessToken?: string };

/** Where the shopper lands after paying (and where Stripe returns them after a 3-D Secure page). */
export const confirmationPath = (o: PendingOrder) =>
  `/order-confirmation?number=${o.number}${o.accessToken ? `&token=${o.accessToken}` : ''}`;

/**
 * Pays a placed order with Stripe's Payment Element. A 3-D Secure challenge opens in Stripe's frame
 * or page and comes back to the confirmation page.
 */
export function StripePayment({ order, onPaid }: { order: PendingOrder; onPaid: (path: string) => void }) {
  const { clientSecret, publishableKey, expiresAt } = order.payment;
  const { mount, ready, failure: loadFailure, confirm } = useStripeElement(clientSecret, publishableKey);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    if (!ready) return;
    setBusy(true);
    setFailure(null);
    const path = confirmationPath(order);
    const error = await confirm(`${window.location.origin}${path}`);
    setBusy(false);
    if (error) setFailure(error);
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
      {(failure ?? loadFailure) && (
        <p role="alert" className="mt-4 text-sm text-danger">
          {failure ?? loadFailure}
        </p>
      )}
      <button type="button" className="btn-primary mt-6 w-full" disabled={!ready || busy} onClick={() => void pay()}>
        {busy ? 'Paying…' : `Pay ${formatMoney(order.totals.totalCents, { exact: true })}`}
      </button>
    </section>
  );
}
