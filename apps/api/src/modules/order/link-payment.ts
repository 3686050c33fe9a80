import { Conflict, PaymentDeclined, Unavailable, Validation } from '../../errors.ts';
import type { Card, PaymentProvider } from '../payments/index.ts';
import type { Step } from '../../flow.ts';

// A payment asked for by link after the sale — a service estimate, an exchange's difference. The
// test provider takes the card in the request; with Stripe the first ask creates a PaymentIntent
// for the browser's Payment Element, and asking again (after the browser confirmed it, or on the
// page's next visit) checks it with Stripe: the server never trusts the browser's word that it paid.

export interface LinkPaid {
  ref: string;
  brand: string;
  last4: string;
}
export type LinkPayment =
  { paid: LinkPaid } | { browser: { ref: string; clientSecret: string; publishableKey: string } };

const unreachable = () =>
  new Unavailable('We could not reach the payment service. Nothing was charged; please try again.');

export async function payByLink(
  p: PaymentProvider,
  req: { amountCents: number; reference: string; email: string; card?: Card; intentRef: string | null },
): Promise<LinkPayment> {
  if (p.flow === 'card') {
    if (!req.card) throw new Validation('Please enter your card.', { card: 'Enter your card' });
    const auth = await p
      .authorize({ amountCents: req.amountCents, currency: 'USD', card: req.card, reference: req.reference })
      .catch(() => {
        throw unreachable();
      });
    if (!auth.ok) throw new PaymentDeclined(auth.message);
    return { paid: { ref: auth.ref, brand: auth.brand, last4: auth.last4 } };
  }
  if (req.intentRef) {
    const s = await p.retrieveIntent(req.intentRef).catch(() => {
      throw unreachable();
    });
    if (s.status === 'succeeded' && s.receivedCents === req.amountCents)
      return { paid: { ref: s.ref, brand: s.brand, last4: s.last4 } };
    if (s.status === 'processing')
      throw new Conflict('Your bank is still confirming the payment. Reload this page in a minute.');
  }
  // The same reference and amount give the same intent back (Stripe's idempotency key), so a
  // second tab or a reload never makes a second payment.
  const intent = await p
    .createIntent({
      amountCents: req.amountCents,
      reference: req.reference,
      email: req.email,
      idempotencyKey: `link:${req.reference}:${req.amountCents}`,
    })
    .catch(() => {
      throw unreachable();
    });
  return { browser: { ref: intent.ref, clientSecret: intent.clientSecret, publishableKey: p.publishableKey } };
}

/** Gives a link payment back when what it paid for could not be done (voided, or refunded in full). */
export async function undoLinkPayment(p: PaymentProvider, paid: LinkPaid, amountCents: number) {
  if (p.flow === 'card') await p.void(paid.ref);
  else await p.refund({ ref: paid.ref, amountCents, key: `undo:${paid.ref}` });
}

/** What a flow that starts with a link payment keeps of it. */
export interface LinkPaymentState {
  deps: { payments: PaymentProvider };
  /** The payment taken (by card now, or confirmed by the browser earlier). */
  paid?: LinkPaid;
  /** Stripe: the payment the browser confirms first; the flow stops there and the next ask checks it. */
  browser?: { ref: string; clientSecret: string; publishableKey: string };
  done?: boolean;
}

/**
 * A flow's first step when the customer pays by link: the payment taken, or handed to the browser
 * (the flow stops there, the intent kept by `keepIntent`); given back if any later step fails.
 * `ask` answers null when there is nothing to pay.
 */
export function takeLinkPayment<S extends LinkPaymentState>(
  ask: (
    s: S,
  ) => { amountCents: number; reference: string; email: string; card?: Card; intentRef: string | null } | null,
  keepIntent: (s: S, ref: string) => Promise<unknown>,
): Step<S> {
  return {
    name: 'take payment',
    async run(s) {
      const req = ask(s);
      if (!req) return;
      const pay = await payByLink(s.deps.payments, req);
      if ('browser' in pay) {
        if (pay.browser.ref !== req.intentRef) await keepIntent(s, pay.browser.ref);
        s.browser = pay.browser;
        s.done = true;
      } else s.paid = pay.paid;
    },
    // Nothing was made of it: the money goes back.
    async compensate(s) {
      const req = ask(s);
      if (s.paid && req) await undoLinkPayment(s.deps.payments, s.paid, req.amountCents).catch(() => undefined);
    },
  };
}
