import type { PageHandle } from '~/lib/content-first.ts';
import { NeedsScripts } from '~/components/needs-scripts.tsx';
import { Suspense, useEffect, useRef } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Address } from '@facet/contracts/account';
import type { Route } from './+types/checkout';
import { lazyPart } from '~/lib/lazy-part.tsx';
import { getLoggedUser } from '~/lib/session.ts';
import { useAccount } from '~/lib/account-store.ts';
import { fetchCart, useCart } from '~/lib/cart-store.ts';
import { callApi } from '~/lib/client-api.ts';
import { ApiError } from '~/lib/api.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { CheckoutFrame } from '~/features/checkout/checkout-frame.tsx';
import { CheckoutForm } from '~/features/checkout/checkout-form.tsx';

/** Its first screen comes from its code: the scripts start at once (lib/content-first.ts). */
export const handle: PageHandle = { scriptsFirst: true };

// Logging in from checkout opens the same panel over the form, so nothing typed is lost.
const AccountPanel = lazyPart(
  () => import('~/features/account/account-panel.tsx').then((m) => ({ default: m.AccountPanel })),
  'The account panel',
);

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Secure checkout', noindex: true });

// The cart and the address book belong to this browser's visitor or signed-in shopper, whose
// credentials live in the browser: checkout loads on the client.
export async function clientLoader() {
  try {
    const [cart, saved] = await Promise.all([
      fetchCart(),
      getLoggedUser() ? callApi<Address[]>('/address') : Promise.resolve([] as Address[]),
    ]);
    return { cart, saved, error: null };
  } catch (err) {
    const message = err instanceof ApiError ? err.message : 'We could not load your cart.';
    return { cart: null, saved: [] as Address[], error: message };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <CheckoutFrame>
      <NeedsScripts what="Checkout" />
      <p className="mt-8 text-sm text-muted" role="status" data-needs-scripts="">
        Loading your cart…
      </p>
    </CheckoutFrame>
  );
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { saved, error } = loaderData;
  const { isLoggedIn, panel } = useAccount();
  // The cart store follows sign-in merges and placed orders; the loader's copy is its first value.
  const cart = useCart().cart ?? loaderData.cart;
  const { revalidate, state } = useRevalidator();
  const wasLoggedIn = useRef(isLoggedIn);
  useEffect(() => {
    if (isLoggedIn && !wasLoggedIn.current) void revalidate();
    wasLoggedIn.current = isLoggedIn;
  }, [isLoggedIn, revalidate]);

  return (
    <CheckoutFrame>
      {error ? (
        <div className="mt-8 border border-hairline bg-white p-10 text-center" role="alert">
          <p className="font-display text-2xl">{error}</p>
          <button
            type="button"
            className="btn-primary mt-6"
            disabled={state === 'loading'}
            onClick={() => revalidate()}
          >
            Try again
          </button>
        </div>
      ) : !cart || cart.lines.length === 0 ? (
        <div className="mt-8 border border-hairline bg-white p-10 text-center">
          <p className="font-display text-2xl">Your cart is empty</p>
          <Link to="/" className="btn-primary mt-6">
            Continue shopping
          </Link>
        </div>
      ) : (
        <CheckoutForm cart={cart} saved={saved} />
      )}
      {panel !== 'closed' && (
        <Suspense fallback={null}>
          <AccountPanel />
        </Suspense>
      )}
    </CheckoutFrame>
  );
}
