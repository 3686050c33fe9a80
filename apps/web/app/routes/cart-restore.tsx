import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Route } from './+types/cart-restore';
import type { PageHandle } from '~/lib/content-first.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { fetchCart } from '~/lib/cart-store.ts';
import { callApi } from '~/lib/client-api.ts';
import { ApiError } from '~/lib/api.ts';

/** Its work is its code: the scripts start at once (lib/content-first.ts). */
export const handle: PageHandle = { scriptsFirst: true };

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Your cart', noindex: true });

/** A left cart's e-mailed link: its pieces join this browser's cart (nobody is signed in by it), then the cart. */
export default function Page() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    callApi('/cart/restore', { method: 'POST', body: { token } })
      .then(() => fetchCart())
      .then(() => navigate('/cart', { replace: true }))
      .catch((err: unknown) =>
        setProblem(
          err instanceof ApiError ? err.message : 'We could not bring your cart back just now. Please try again.',
        ),
      );
  }, [token, navigate]);
  return (
    <div className="mx-auto max-w-lg px-4 pb-24 pt-12 text-center">
      <h1 className="font-display text-4xl">{problem ? 'This link did not work' : 'Bringing back your cart…'}</h1>
      {problem ? (
        <>
          <p role="alert" className="mt-4 text-muted">
            {problem}
          </p>
          <Link to="/" className="btn-primary mt-8">
            Continue shopping
          </Link>
        </>
      ) : (
        <p role="status" className="mt-4 text-muted">
          One moment: we are putting your pieces back in your cart, at today’s prices.
        </p>
      )}
    </div>
  );
}
