import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import type { Route } from './+types/newsletter-confirm';
import { callApi, reportApiError } from '~/lib/client-api.ts';
import { pageMeta } from '~/lib/page-meta.ts';

// The URL carries a secret (a reset or confirmation token, an order access token): no page this
// one links to, and no resource it loads, may learn it from the Referer header.
export const headers: Route.HeadersFunction = () => ({ 'Referrer-Policy': 'no-referrer' });

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Confirm your subscription', noindex: true });

/** A button, not an automatic call: mail scanners open links, and only a person should subscribe. */
export default function Page() {
  const { token = '' } = useParams();
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="mx-auto max-w-lg px-4 pb-24 pt-12 text-center">
      <h1 className="font-display text-4xl">{done ? 'You are subscribed' : 'Confirm your subscription'}</h1>
      {done ? (
        <div role="status" className="mt-6">
          <CheckCircle2 aria-hidden="true" className="mx-auto h-10 w-10 text-primary" />
          <p className="mt-3 text-muted">{done}</p>
          <Link to="/" className="btn-primary mt-8">
            Continue shopping
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-4 text-muted">
            New designs, rare stones and care advice, about twice a month. Unsubscribe at any time.
          </p>
          <button
            type="button"
            className="btn-primary mt-8"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                setDone(
                  (await callApi<{ message: string }>('/newsletter/confirm', { method: 'POST', body: { token } }))
                    .message,
                );
              } catch (err) {
                reportApiError(err);
              } finally {
                setBusy(false);
              }
            }}
          >
            Confirm subscription
          </button>
        </>
      )}
    </div>
  );
}
