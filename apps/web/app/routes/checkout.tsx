import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { lazyPart } from '~/lib/lazy-part.tsx';
import { Link, useNavigate } from 'react-router';
import { Lock } from 'lucide-react';
import { z } from 'zod';
import { emailField, type Address } from '@facet/contracts/account';
import { cardBody, type Cart, type Order, type ShippingMethod } from '@facet/contracts/commerce';
import type { Route } from './+types/checkout';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { AddressFields, addressSchemas, emptyAddress } from '~/features/account/address-form.tsx';
import { AddressLines } from '~/components/address-lines.tsx';
import { openPanel, useAccount } from '~/lib/account-store.ts';
import { TotalsList } from '~/components/totals-list.tsx';
import { cardExpired } from '~/features/cart/card-expiry.ts';
import { fetchCart, setCart, useCart } from '~/lib/cart-store.ts';
import { callApi, reportApiError } from '~/lib/client-api.ts';
import { ApiError } from '~/lib/api.ts';
import { formatMoney } from '~/lib/money.ts';
import { pageMeta } from '~/lib/page-meta.ts';

// Logging in from checkout opens the same panel over the form, so nothing typed is lost.
const AccountPanel = lazyPart(
  () => import('~/features/account/account-panel.tsx').then((m) => ({ default: m.AccountPanel })),
  'The account panel',
);

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Secure checkout', noindex: true });

// The card rules are the server's (contracts); only the MM / YY box is the page's own.
const cardSchemas = {
  name: cardBody.shape.name,
  number: cardBody.shape.number,
  exp: z
    .string()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Use MM / YY')
    .refine((v) => !cardExpired(v), 'This card has expired: check the date or use another card'),
  cvc: cardBody.shape.cvc,
};

function Section({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`step-${n}`} className="border border-hairline bg-white p-6">
      <h2 id={`step-${n}`} className="flex items-center gap-3 font-display text-2xl">
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-primary font-sans text-sm text-white">
          {n}
        </span>
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

// Checkout shows neither the store header nor its footer: a focused page.
export default function Checkout() {
  const navigate = useNavigate();
  const { isLoggedIn, loggedUser, panel } = useAccount();
  const { cart } = useCart();
  const [loaded, setLoaded] = useState(false);
  const [saved, setSaved] = useState<Address[]>([]);
  const [choice, setChoice] = useState<number | 'new'>('new');
  const [saveAddress, setSaveAddress] = useState(true);
  const [method, setMethod] = useState<ShippingMethod>('standard');
  const [billingSame, setBillingSame] = useState(true);
  const [priced, setPriced] = useState<Cart | null>(null);
  const [busy, setBusy] = useState(false);
  const idempotencyKey = useRef<string | null>(null);

  const contact = useForm({ email: emailField }, { email: '' });
  const ship = useForm(addressSchemas, emptyAddress());
  const bill = useForm(addressSchemas, emptyAddress());
  const card = useForm(cardSchemas, { name: '', number: '', exp: '', cvc: '' });

  useEffect(() => {
    fetchCart()
      .catch(reportApiError)
      .finally(() => setLoaded(true));
  }, []);
  useEffect(() => {
    if (!isLoggedIn) return;
    if (loggedUser?.email && !contact.values.email) contact.set('email', loggedUser.email);
    callApi<Address[]>('/address')
      .then((list) => {
        setSaved(list);
        const def = list.find((a) => a.isDefaultShipping) ?? list[0];
        if (def) setChoice(def.id);
      })
      .catch(reportApiError);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLoggedIn]);

  const chosen = choice === 'new' ? null : (saved.find((a) => a.id === choice) ?? null);
  const shippingAddress = chosen
    ? {
        name: chosen.name,
        company: chosen.company,
        line1: chosen.line1,
        line2: chosen.line2,
        city: chosen.city,
        state: chosen.state,
        zip: chosen.zip,
        country: 'US' as const,
        phone: chosen.phone,
      }
    : { ...ship.values, country: 'US' as const };
  const state = /^[A-Z]{2}$/.test(shippingAddress.state) ? shippingAddress.state : '';

  // The server prices the review: shipping for the method, tax for the destination state.
  const hasLines = (cart?.lines.length ?? 0) > 0;
  useEffect(() => {
    if (!hasLines) return;
    const q = new URLSearchParams({ shipping: method, ...(state ? { state } : {}) });
    callApi<Cart>(`/cart?${q}`).then(setPriced).catch(reportApiError);
  }, [method, state, hasLines, cart?.count, cart?.totals.subtotalCents]);

  const review = priced ?? cart;
  const options = review?.shippingOptions ?? [];
  const valid = contact.isValid && (chosen !== null || ship.isValid) && (billingSame || bill.isValid) && card.isValid;
  const summary = useMemo(() => review?.lines ?? [], [review]);

  const place = async (e: React.FormEvent) => {
    e.preventDefault();
    [contact, ship, bill, card].forEach((f) => f.touchAll());
    if (!valid || !review) return;
    setBusy(true);
    // One key per attempt: a lost answer is retried safely; a refused one starts a new attempt.
    idempotencyKey.current ??= crypto.randomUUID();
    const [mm, yy] = card.values.exp.split('/').map((s) => Number(s.trim()));
    try {
      const order = await callApi<Order>('/order', {
        method: 'POST',
        headers: { 'idempotency-key': idempotencyKey.current },
        body: {
          email: contact.values.email.trim(),
          shippingAddress,
          ...(billingSame ? {} : { billingAddress: { ...bill.values, country: 'US' } }),
          shippingMethod: method,
          card: {
            name: card.values.name.trim(),
            number: card.values.number.replace(/[\s-]/g, ''),
            expMonth: mm!,
            expYear: 2000 + yy!,
            cvc: card.values.cvc,
          },
          ...(isLoggedIn && choice === 'new' && saveAddress ? { saveAddress: true } : {}),
          expectedTotalCents: review.totals.totalCents,
        },
      });
      idempotencyKey.current = null;
      setCart({ ...review, lines: [], count: 0, checkoutReady: false });
      navigate(`/order-confirmation?number=${order.number}${order.accessToken ? `&token=${order.accessToken}` : ''}`);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 0) idempotencyKey.current = null;
      if (err instanceof ApiError && err.status === 409)
        void fetchCart()
          .then(setPriced)
          .catch(() => {});
      reportApiError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="min-h-screen bg-panel">
      <header className="border-b border-hairline bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-5">
          <Link to="/" className="font-display text-2xl tracking-[0.18em]" aria-label="Facet — back to the store">
            FACET
          </Link>
          <p className="flex items-center gap-2 text-sm text-muted">
            <Lock aria-hidden="true" className="h-4 w-4" />
            Secure checkout
          </p>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-5 py-10">
        <h1 className="font-display text-4xl">Checkout</h1>
        {loaded && (!cart || cart.lines.length === 0) ? (
          <div className="mt-8 border border-hairline bg-white p-10 text-center">
            <p className="font-display text-2xl">Your cart is empty</p>
            <Link to="/" className="btn-primary mt-6">
              Continue shopping
            </Link>
          </div>
        ) : (
          <form
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
                  hint="Your confirmation and tracking go here."
                />
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

              <Section n={2} title="Shipping address">
                {saved.length > 0 && (
                  <fieldset className="mb-5 space-y-2">
                    <legend className="sr-only">Saved addresses</legend>
                    {saved.map((a) => (
                      <label
                        key={a.id}
                        className={`flex cursor-pointer gap-3 border p-4 text-sm ${choice === a.id ? 'border-primary bg-secondary/40' : 'border-hairline'}`}
                      >
                        <input
                          type="radio"
                          name="saved-address"
                          checked={choice === a.id}
                          onChange={() => setChoice(a.id)}
                          className="mt-1 accent-[var(--color-primary)]"
                        />
                        <AddressLines a={a} />
                      </label>
                    ))}
                    <label
                      className={`flex cursor-pointer items-center gap-3 border p-4 text-sm ${choice === 'new' ? 'border-primary bg-secondary/40' : 'border-hairline'}`}
                    >
                      <input
                        type="radio"
                        name="saved-address"
                        checked={choice === 'new'}
                        onChange={() => setChoice('new')}
                        className="accent-[var(--color-primary)]"
                      />
                      Use a new address
                    </label>
                  </fieldset>
                )}
                {choice === 'new' && (
                  <>
                    <AddressFields form={ship} />
                    {isLoggedIn && (
                      <label className="mt-4 flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          checked={saveAddress}
                          onChange={(e) => setSaveAddress(e.target.checked)}
                          className="h-4 w-4 accent-[var(--color-primary)]"
                        />
                        Save this address to my account
                      </label>
                    )}
                  </>
                )}
              </Section>

              <Section n={3} title="Shipping method">
                <fieldset className="space-y-2">
                  <legend className="sr-only">Shipping method</legend>
                  {options.map((o) => (
                    <label
                      key={o.method}
                      className={`flex cursor-pointer items-center justify-between gap-3 border p-4 text-sm ${method === o.method ? 'border-primary bg-secondary/40' : 'border-hairline'}`}
                    >
                      <span className="flex items-center gap-3">
                        <input
                          type="radio"
                          name="shipping-method"
                          value={o.method}
                          checked={method === o.method}
                          onChange={() => setMethod(o.method)}
                          className="accent-[var(--color-primary)]"
                        />
                        <span>
                          <span className="font-medium">{o.label}</span>
                          <span className="block text-xs text-muted">{o.days} once ready · signature required</span>
                        </span>
                      </span>
                      <span className="font-medium">
                        {o.cents === 0 ? 'Free' : formatMoney(o.cents, { exact: true })}
                      </span>
                    </label>
                  ))}
                </fieldset>
              </Section>

              <Section n={4} title="Billing address">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={billingSame}
                    onChange={(e) => setBillingSame(e.target.checked)}
                    className="h-4 w-4 accent-[var(--color-primary)]"
                  />
                  Same as shipping address
                </label>
                {!billingSame && (
                  <div className="mt-5">
                    <AddressFields form={bill} section="billing" />
                  </div>
                )}
              </Section>

              <Section n={5} title="Payment">
                <div className="grid gap-4 sm:grid-cols-6">
                  <TextField
                    form={card}
                    name="name"
                    label="Name on card"
                    autoComplete="cc-name"
                    required
                    className="sm:col-span-6"
                  />
                  <TextField
                    form={card}
                    name="number"
                    label="Card number"
                    autoComplete="cc-number"
                    inputMode="numeric"
                    required
                    className="sm:col-span-6"
                  />
                  <TextField
                    form={card}
                    name="exp"
                    label="Expiry (MM / YY)"
                    autoComplete="cc-exp"
                    inputMode="numeric"
                    placeholder="MM / YY"
                    required
                    className="sm:col-span-3"
                  />
                  <TextField
                    form={card}
                    name="cvc"
                    label="Security code"
                    autoComplete="cc-csc"
                    inputMode="numeric"
                    required
                    className="sm:col-span-3"
                  />
                </div>
                <p className="mt-4 bg-secondary/60 px-3 py-2 text-xs">
                  Demo store: pay with the test card 4242 4242 4242 4242, any future expiry and any 3 digits. 4000 0000
                  0000 0002 shows a decline. No real card is charged, and only the brand and last four digits are kept.
                </p>
              </Section>
            </div>

            <aside aria-labelledby="review-title" className="border border-hairline bg-white p-6 lg:sticky lg:top-6">
              <h2 id="review-title" className="font-display text-2xl">
                Review
              </h2>
              <ul className="mt-4 divide-y divide-hairline">
                {summary.map((l) => (
                  <li key={l.id} className="flex gap-3 py-3 text-sm">
                    <img src={l.image} alt="" width={56} height={56} className="h-14 w-14 shrink-0 bg-panel" />
                    <div className="min-w-0 flex-1">
                      <p className="font-medium leading-snug">{l.title}</p>
                      {l.quantity > 1 && <p className="text-xs text-muted">Qty {l.quantity}</p>}
                      {!l.available && <p className="text-xs text-danger">{l.message}</p>}
                    </div>
                    <p className="whitespace-nowrap">{formatMoney(l.lineTotalCents, { exact: true })}</p>
                  </li>
                ))}
              </ul>
              {review && (
                <div className="mt-4 border-t border-hairline pt-4">
                  <TotalsList
                    totals={review.totals}
                    shippingLabel={options.find((o) => o.method === method)?.label.toLowerCase()}
                    taxNote="Enter your address"
                  />
                </div>
              )}
              <button type="submit" className="btn-primary mt-6 w-full py-4" disabled={busy || !review?.checkoutReady}>
                {busy ? 'Placing your order…' : 'Place Order'}
              </button>
              {!valid && (
                <p className="mt-2 text-center text-xs text-muted">Complete every step to place your order.</p>
              )}
              <p className="mt-4 text-center text-xs text-muted">
                By placing your order you agree to our{' '}
                <Link to="/terms-condition" className="underline">
                  terms
                </Link>{' '}
                and{' '}
                <Link to="/return-policy" className="underline">
                  return policy
                </Link>
                .
              </p>
              <Link
                to="/cart"
                className="mt-4 block text-center text-sm text-primary underline-offset-4 hover:underline"
              >
                Back to cart
              </Link>
            </aside>
          </form>
        )}
      </main>
      {panel !== 'closed' && (
        <Suspense fallback={null}>
          <AccountPanel />
        </Suspense>
      )}
    </div>
  );
}
