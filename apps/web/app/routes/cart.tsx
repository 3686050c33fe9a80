import { NeedsScripts } from '~/components/needs-scripts.tsx';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ShieldCheck, Truck } from '~/components/icons.tsx';
import type { Route } from './+types/cart';
import { TotalsList } from '~/components/totals-list.tsx';
import { DiscountCode } from '~/features/cart/discount-code.tsx';
import { fetchCart, useCart } from '~/lib/cart-store.ts';
import { reportApiError } from '~/lib/client-api.ts';
import { formatMoney } from '@facet/contracts/money';
import { pageMeta } from '~/lib/page-meta.ts';
import { useStoreFacts } from '~/lib/store-facts.ts';
import { EmptyCart, Line } from '~/features/cart/cart-line.tsx';
import { RecentlyViewed } from '~/features/catalog/recently-viewed.tsx';
import { cartKnownEmptyScript } from '~/lib/session.ts';
import { useRootData } from '~/root.tsx';

// The empty cart is shown as the page is parsed when this tab's cart is known to be empty (a first
// visit, or an id whose cart was empty when last read): see lib/session.ts. The page's first
// screen is then the server's, so its scripts, like a catalogue page's, start once it has loaded
// (lib/content-first.ts, decision 027).
const CART_KNOWN_EMPTY = cartKnownEmptyScript('cart-wait', 'cart-none');

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Your cart',
    description: 'Your Facet cart: review your pieces, see shipping and tax, and check out securely.',
    noindex: true,
  });

export default function Page() {
  const facts = useStoreFacts();
  const { cart } = useCart();
  const root = useRootData();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    fetchCart()
      .catch(reportApiError)
      .finally(() => setReady(true));
  }, []);

  const waiting = !ready && !cart;
  const empty = !waiting && (!cart || cart.lines.length === 0);
  return (
    <div className="mx-auto max-w-site px-4 pb-24 pt-10 lg:px-8">
      <h1 className="font-display text-5xl">Your cart</h1>
      <NeedsScripts what="Your cart" phone={root?.store.phone} />
      {/* The placeholder and the empty cart take the same room: the footer stays put when the cart
          turns out to be empty, as it is on most first visits. */}
      <div className="min-h-[25rem]">
        {/* Three states in fixed places: the placeholder while the cart is asked for, the empty
            cart (also shown before the code when it is known to be empty, by the script below: the same
            element, so nothing is redrawn when the answer agrees), and the cart itself. */}
        <div
          id="cart-wait"
          data-needs-scripts=""
          aria-busy="true"
          hidden={!waiting}
          suppressHydrationWarning
          className="mt-10 grid gap-10 lg:grid-cols-[1fr_24rem]"
        >
          <div className="h-64 animate-pulse bg-panel" />
          <div className="h-64 animate-pulse bg-panel" />
        </div>
        <div id="cart-none" hidden={!empty} suppressHydrationWarning>
          <EmptyCart />
          {empty && <RecentlyViewed className="mt-16" />}
        </div>
        <script nonce={root?.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: CART_KNOWN_EMPTY }} />
        {cart && cart.lines.length > 0 && (
          <div className="mt-10 grid items-start gap-10 lg:grid-cols-[1fr_24rem]">
            <section aria-label="Items">
              <ul className="divide-y divide-hairline border-y border-hairline">
                {cart.lines.map((l) => (
                  <Line key={l.id} line={l} />
                ))}
              </ul>
              <Link to="/" className="mt-6 inline-block text-sm text-primary underline-offset-4 hover:underline">
                Continue shopping
              </Link>
            </section>
            <aside aria-labelledby="summary-title" className="border border-hairline bg-panel p-6 lg:sticky lg:top-28">
              <h2 id="summary-title" className="font-display text-2xl">
                Order summary
              </h2>
              <div className="mt-5">
                <TotalsList totals={cart.totals} shippingLabel="insured standard" lines={cart.lines} />
              </div>
              <DiscountCode cart={cart} />
              {cart.totals.shippingCents > 0 && (
                <p className="mt-3 text-xs text-muted">
                  Free insured shipping on orders over {formatMoney(cart.freeShippingOverCents)}.
                </p>
              )}
              {!cart.checkoutReady && (
                <p role="alert" className="mt-4 text-sm text-danger">
                  Remove the items marked unavailable to continue.
                </p>
              )}
              {cart.checkoutReady ? (
                <Link to="/checkout" className="btn-primary mt-6 w-full py-4">
                  Proceed to Checkout
                </Link>
              ) : (
                <button type="button" disabled className="btn-primary mt-6 w-full py-4">
                  Proceed to Checkout
                </button>
              )}
              <ul className="mt-6 space-y-2 text-xs text-muted">
                <li className="flex gap-2">
                  <Truck aria-hidden="true" className="h-4 w-4 shrink-0" />
                  Fully insured, signature on delivery
                </li>
                <li className="flex gap-2">
                  <ShieldCheck aria-hidden="true" className="h-4 w-4 shrink-0" />
                  {facts.returnDays}-day returns on anything unworn
                  {cart.lines.some((l) => l.engraving) ? ', except engraved pieces' : ''}
                </li>
              </ul>
            </aside>
          </div>
        )}
      </div>
    </div>
  );
}
