import { Link } from 'react-router';
import type { Route } from './+types/checkout';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Secure checkout', noindex: true });

// Spec §2: checkout shows neither the store header nor its footer: a focused page.
export default function Checkout() {
  return (
    <div className="min-h-screen bg-panel">
      <div className="border-b border-hairline bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-5">
          <Link to="/" className="font-display text-2xl tracking-[0.18em]" aria-label="Facet — back to the store">FACET</Link>
          <p className="text-sm text-muted">Secure checkout</p>
        </div>
      </div>
      <main className="mx-auto max-w-2xl px-6 py-24 text-center">
        <h1 className="text-3xl">Checkout</h1>
        <p className="mt-4 text-muted">Checkout opens together with the cart.</p>
        <Link to="/cart" className="btn-primary mt-8">Return to cart</Link>
      </main>
    </div>
  );
}
