import { shipsPieces } from '@facet/contracts/order-promises';
import { Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { emailField, type Address } from '@facet/contracts/account';
import type { Cart, ShippingMethod } from '@facet/contracts/commerce';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { addressSchemas, emptyAddress } from '~/components/form/address-fields.tsx';
import { openPanel, useAccount } from '~/lib/account-store.ts';
import { fetchCart, setCart } from '~/lib/cart-store.ts';
import { callApi, reportApiError } from '~/lib/client-api.ts';
import { ApiError } from '~/lib/api.ts';
import { Section } from './section.tsx';
import { EmailConsent } from './email-consent.tsx';
import { ShippingAddressStep } from './shipping-address-step.tsx';
import { ShippingMethodStep } from './shipping-method-step.tsx';
import { BillingStep } from './billing-step.tsx';
import { PaymentFields, cardSchemas, emptyCard } from '~/components/payment/payment-fields.tsx';
import { OrderReview } from './order-review.tsx';
import { LayawayChoice, storeDay } from './layaway-choice.tsx';
import { layawayPlan } from '@facet/contracts/payment-plans';
import { usePricedReview } from './use-priced-review.ts';
import { AddressCheckNote } from './address-check.tsx';
import { orderRequest, shippingAddressOf } from './order-request.ts';
import { lazyPart } from '~/lib/lazy-part.tsx';
import { useStoreFacts } from '~/lib/store-facts.ts';
import type { PendingOrder } from './stripe-payment.tsx';
import { NO_GIFT_CARD_FOR_GIFT_CARD } from '@facet/contracts/gift-cards';
import { GiftCardsField, giftShares, type AppliedGiftCard } from './gift-cards-field.tsx';

// Only stores paid through Stripe load its payment form (and, through it, Stripe.js).
const StripePayment = lazyPart(
  () => import('./stripe-payment.tsx').then((m) => ({ default: m.StripePayment })),
  'The payment form',
);

const defaultChoice = (saved: Address[]) => (saved.find((a) => a.isDefaultShipping) ?? saved[0])?.id ?? 'new';

/** The five steps and the review; places the order and opens its confirmation. */
export function CheckoutForm({ cart, saved }: { cart: Cart; saved: Address[] }) {
  const navigate = useNavigate();
  const { isLoggedIn, loggedUser } = useAccount();
  const [choice, setChoice] = useState<number | 'new'>(() => defaultChoice(saved));
  const [seenSaved, setSeenSaved] = useState(saved);
  const [saveAddress, setSaveAddress] = useState(true);
  const [method, setMethod] = useState<ShippingMethod>('standard');
  const [billingSame, setBillingSame] = useState(true);
  const [busy, setBusy] = useState(false);
  const idempotencyKey = useRef<string | null>(null);

  const contact = useForm({ email: emailField }, { email: loggedUser?.email ?? '' });
  const ship = useForm(addressSchemas, emptyAddress());
  const bill = useForm(addressSchemas, emptyAddress());
  const card = useForm(cardSchemas, emptyCard());
  const facts = useStoreFacts();
  const byStripe = facts.payment.provider === 'stripe';
  const byCarrier = facts.shippingPricedBy === 'carrier';
  const [unpaid, setUnpaid] = useState<PendingOrder | null>(null);
  const [gifts, setGifts] = useState<AppliedGiftCard[]>([]);
  const [layaway, setLayaway] = useState(false);

  // Signing in from checkout brings the address book (and the e-mail) without losing what was typed.
  if (seenSaved !== saved) {
    setSeenSaved(saved);
    if (choice === 'new' && !Object.values(ship.values).some(Boolean)) setChoice(defaultChoice(saved));
    if (loggedUser?.email && !contact.values.email) contact.set('email', loggedUser.email);
  }

  // Gift cards alone are e-mailed: nothing ships, so no shipping address, phone or method is asked;
  // the card's billing address stands in as the order's address (tax on gift cards is none).
  const emailOnly = cart.lines.length > 0 && !shipsPieces(cart.lines);
  const chosen = choice === 'new' ? null : (saved.find((a) => a.id === choice) ?? null);
  const shippingAddress = emailOnly ? shippingAddressOf(null, bill.values) : shippingAddressOf(chosen, ship.values);
  const state = /^[A-Z]{2}$/.test(shippingAddress.state) ? shippingAddress.state : '';
  // The whole address goes to the tax once it is complete (the tax owed depends on the city and
  // the ZIP code, not only the state), not at every keystroke.
  const addressComplete = emailOnly ? bill.isValid : chosen !== null || ship.isValid;
  const { review, reprice, problem, current } = usePricedReview(
    cart,
    method,
    addressComplete && /^\d{5}(-\d{4})?$/.test(shippingAddress.zip)
      ? { state, zip: shippingAddress.zip, city: shippingAddress.city, line1: shippingAddress.line1 }
      : { state },
  );
  // A method the carrier does not offer to this address: the first it does.
  const offered = review?.shippingOptions ?? [];
  if (offered.length && !offered.some((o) => o.method === method)) setMethod(offered[0]!.method);
  const goodsCents = review ? review.totals.subtotalCents - review.totals.discountCents : 0;
  const signature = goodsCents >= (facts.signatureOverCents ?? 0);
  // Gift cards cannot pay for a gift card (the server refuses it too): the field is not offered.
  const buysGiftCard = (review ?? cart).lines.some((l) => l.kind === 'gift-card');
  if (buysGiftCard && gifts.length) setGifts([]);
  const giftPaid = giftShares(gifts, review?.totals.totalCents ?? 0).reduce((s, g) => s + g.cents, 0);
  // Layaway: over the store's threshold, without gift cards (bought or spent).
  const layawayOffered =
    !!facts.layaway &&
    !!review &&
    review.totals.totalCents >= facts.layaway.overCents &&
    !buysGiftCard &&
    !gifts.length;
  if (layaway && !layawayOffered) setLayaway(false);
  // Gift cards paying it all: no card is asked for.
  const cardNeeded = !review || review.totals.totalCents - giftPaid > 0;
  const complete =
    !problem &&
    contact.isValid &&
    (emailOnly ? bill.isValid : (chosen !== null || ship.isValid) && (billingSame || bill.isValid)) &&
    (byStripe || !cardNeeded || card.isValid);

  const place = async (e: React.FormEvent) => {
    e.preventDefault();
    [contact, ...(emailOnly ? [] : [ship]), bill, ...(byStripe || !cardNeeded ? [] : [card])].forEach((f) =>
      f.touchAll(),
    );
    // The total shown must be the one for what is entered now: a moment's wait, never a refusal.
    if (!complete || !review || !current) return;
    setBusy(true);
    // One key per attempt: a lost answer is retried safely; a refused one starts a new attempt.
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const order = await callApi<PendingOrder>('/order', {
        method: 'POST',
        headers: { 'idempotency-key': idempotencyKey.current },
        body: orderRequest({
          email: contact.values.email,
          shippingAddress,
          billing: billingSame || emailOnly ? null : bill.values,
          method,
          card: byStripe || !cardNeeded ? null : card.values,
          saveAddress: !emailOnly && isLoggedIn && choice === 'new' && saveAddress,
          expectedTotalCents: review.totals.totalCents,
          giftCards: gifts.map((g) => g.code),
          layaway,
        }),
      });
      idempotencyKey.current = null;
      // Placed, with its stones reserved: the shopper now pays Stripe on this page.
      if (order.payment.state === 'pending') {
        setUnpaid(order);
        window.scrollTo({ top: 0 });
        return;
      }
      setCart({ ...review, lines: [], count: 0, discountCodes: [], checkoutReady: false });
      navigate(`/order-confirmation?number=${order.number}${order.accessToken ? `&token=${order.accessToken}` : ''}`);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 0) idempotencyKey.current = null;
      if (err instanceof ApiError && err.status === 409)
        void fetchCart()
          .then(reprice)
          .catch(() => {});
      reportApiError(err);
    } finally {
      setBusy(false);
    }
  };

  if (unpaid)
    return (
      <Suspense fallback={<p className="mt-8 text-sm text-muted">Opening the secure payment form…</p>}>
        <StripePayment
          order={unpaid}
          onPaid={(path) => {
            if (review) setCart({ ...review, lines: [], count: 0, discountCodes: [], checkoutReady: false });
            navigate(path);
          }}
        />
      </Suspense>
    );

  return (
    <form
      method="post"
      noValidate
      onSubmit={place}
      aria-label="Checkout"
      className="mt-8 grid items-start gap-8 lg:grid-cols-[1fr_24rem]"
    >
      <div className="space-y-6">
        <Section n={1} title="Contact">
          <TextField
            form={contact}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            hint={emailOnly ? 'Your confirmation goes here.' : 'Your confirmation and tracking go here.'}
          />
          {!isLoggedIn && <EmailConsent email={contact.values.email} />}
          {!isLoggedIn && (
            <p className="mt-3 text-sm text-muted">
              Checking out as a guest. Have an account?{' '}
              <button
                type="button"
                className="font-medium text-primary underline-offset-4 hover:underline"
                aria-haspopup="dialog"
                onClick={() => openPanel('login')}
              >
                Log in
              </button>{' '}
              to use your saved addresses; what you have typed stays here.
            </p>
          )}
        </Section>
        {!emailOnly && (
          <>
            <Section n={2} title="Shipping address">
              <ShippingAddressStep
                saved={saved}
                choice={choice}
                onChoose={setChoice}
                form={ship}
                canSave={isLoggedIn}
                save={saveAddress}
                onSave={setSaveAddress}
              />
              <AddressCheckNote
                address={shippingAddress}
                enabled={byCarrier && addressComplete}
                onAccept={(a) => {
                  // A saved address stays as saved; the carrier's way of writing it is typed as a new one.
                  if (chosen) {
                    for (const k of ['name', 'company', 'phone'] as const) ship.set(k, chosen[k] ?? '');
                    setChoice('new');
                  }
                  for (const k of ['line1', 'line2', 'city', 'state', 'zip'] as const) ship.set(k, a[k]);
                }}
              />
            </Section>
            <Section n={3} title="Shipping method">
              <ShippingMethodStep
                options={offered}
                method={method}
                onChoose={setMethod}
                signature={signature}
                problem={problem}
                pending={review?.totals.shippingPending === true}
              />
            </Section>
          </>
        )}
        <Section n={emailOnly ? 2 : 4} title="Billing address">
          {emailOnly ? (
            <>
              <p className="mb-4 text-sm text-muted">
                Gift cards are e-mailed to their recipients: nothing is shipped. The card&rsquo;s billing address:
              </p>
              <BillingStep same={false} form={bill} />
            </>
          ) : (
            <BillingStep same={billingSame} onSame={setBillingSame} form={bill} />
          )}
        </Section>
        <Section n={emailOnly ? 3 : 5} title="Payment">
          {layawayOffered && facts.layaway && (
            <LayawayChoice
              terms={facts.layaway}
              totalCents={review!.totals.totalCents}
              timezone={facts.timezone}
              layaway={layaway}
              onChange={setLayaway}
            />
          )}
          {buysGiftCard || layaway ? (
            <p className="mb-4 text-sm text-muted">
              {layaway ? 'Gift cards cannot be spent on layaway.' : NO_GIFT_CARD_FOR_GIFT_CARD}
            </p>
          ) : (
            <GiftCardsField cards={gifts} onChange={setGifts} totalCents={review?.totals.totalCents ?? 0} />
          )}
          {!cardNeeded ? (
            <p className="text-sm text-muted">Your gift cards pay the whole order: no card is needed.</p>
          ) : byStripe ? (
            <p className="text-sm text-muted">
              You pay on the next step, by card or wallet, in Stripe&rsquo;s secure form. Your card details go to
              Stripe, our payment processor, and never to us.
            </p>
          ) : (
            <PaymentFields form={card} />
          )}
        </Section>
      </div>
      <OrderReview
        review={review}
        method={method}
        busy={busy}
        complete={complete}
        pricing={!current}
        gifts={giftShares(gifts, review?.totals.totalCents ?? 0)}
        depositCents={
          layaway && facts.layaway && review
            ? layawayPlan(facts.layaway, review.totals.totalCents, storeDay(facts.timezone)).depositCents
            : undefined
        }
      />
    </form>
  );
}
