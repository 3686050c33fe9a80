import { Conflict, PaymentDeclined, Unavailable, Validation } from '../../errors.ts';
import type { Card, PaymentProvider } from '../payments/index.ts';

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
