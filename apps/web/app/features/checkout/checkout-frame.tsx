import { Link } from 'react-router';
import { Lock } from '~/components/icons.tsx';

// Checkout shows neither the store header nor its footer: a focused page.
export function CheckoutFrame({ children }: { children: React.ReactNode }) {
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
        {children}
      </main>
    </div>
  );
}
