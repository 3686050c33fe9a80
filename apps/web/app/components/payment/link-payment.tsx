import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { BrowserPayment } from '@facet/contracts/commerce';
import { formatMoney } from '@facet/contracts/money';
import { useForm } from '~/components/form/use-form.ts';
import { useStoreFacts } from '~/lib/store-facts.ts';
import { expiryOf } from './card-expiry.ts';
import { cardSchemas, emptyCard, PaymentFields } from './payment-fields.tsx';
import { useStripeElement } from './use-stripe-element.ts';

export interface LinkCard {
  name: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * Pays an amount asked for by link after the sale (a service estimate, an exchange's difference).
 * `pay` sends the ask: with the card (the store's test provider), or without one (Stripe), when the
 * server answers the payment for Stripe's Payment Element; once Stripe has it, `pay` is asked
 * again and the server checks it with Stripe before anything changes. `children` sit beside the
 * button (a Decline, say).
 */
export function LinkPayment({
  amountCents,
  action,
  pay,
  children,
}: {
  amountCents: number;
  /** The button's words before the amount: "Approve and pay", "Pay". */
  action: string;
  pay: (card?: LinkCard) => Promise<BrowserPayment | null>;
  children?: ReactNode;
}) {
  const facts = useStoreFacts();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [browser, setBrowser] = useState<BrowserPayment | null>(null);
  const form = useForm(cardSchemas, emptyCard());
  const {
    mount,
    ready,
    failure: loadFailure,
    confirm,
  } = useStripeElement(browser?.clientSecret, browser?.publishableKey);
  const label = `${action} ${formatMoney(amountCents, { exact: true })}`;
  const stripe = facts.payment.provider === 'stripe';

  const ask = async (card?: LinkCard) => {
    setBusy(true);
    setError(null);
    try {
      setBrowser(await pay(card));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  // Back from a 3-D Secure page: Stripe says how it went; the server checks it before anything changes.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !stripe) return;
    resumed.current = true;
    if (new URLSearchParams(window.location.search).get('redirect_status') === 'succeeded')
      void Promise.resolve().then(() => ask());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    if (!stripe) {
      form.touchAll();
      if (!form.isValid) return;
      const v = form.values;
      return ask({ name: v.name.trim(), number: v.number, ...expiryOf(v.exp), cvc: v.cvc.trim() });
    }
    if (!browser) return ask();
    setBusy(true);
    setError(null);
    const failure = await confirm(window.location.href);
    setBusy(false);
    if (failure) setError(failure);
    else await ask();
  };

  return (
    <form
      method="post"
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-4"
      aria-describedby={`${id}-note`}
    >
      {stripe ? (
        <>
          <p id={`${id}-note`} className="text-sm text-muted">
            Your card details go to Stripe, our payment processor, and never to us.
          </p>
          {browser && <div ref={mount} className="min-h-40" data-testid="payment-element" aria-busy={!ready} />}
          {loadFailure && (
            <p role="alert" className="text-sm text-danger">
              {loadFailure}
            </p>
          )}
        </>
      ) : (
        <div id={`${id}-note`}>
          <PaymentFields form={form} />
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3 pt-2">
        <button type="submit" className="btn-primary px-6 py-3" disabled={busy || (!!browser && !ready)}>
          {busy
            ? 'Paying…'
            : stripe && !browser
              ? `Continue to pay ${formatMoney(amountCents, { exact: true })}`
              : label}
        </button>
        {children}
      </div>
    </form>
  );
}
