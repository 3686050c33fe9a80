import { useState } from 'react';
import { Link } from 'react-router';
import { CheckCircle2 } from '~/components/icons.tsx';
import { callApi, reportApiError } from '~/lib/client-api.ts';

/**
 * A page behind an e-mailed link (confirm, unsubscribe): a button, not an automatic call, because
 * mail scanners open links and only a person should act.
 */
export function TokenAction({
  title,
  doneTitle,
  description,
  button,
  path,
  body,
}: {
  title: string;
  doneTitle: string;
  description: string;
  button: string;
  /** The API call the button makes (POST). */
  path: string;
  body: object;
}) {
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="mx-auto max-w-lg px-4 pb-24 pt-12 text-center">
      <h1 className="font-display text-4xl">{done ? doneTitle : title}</h1>
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
          <p className="mt-4 text-muted">{description}</p>
          <button
            type="button"
            className="btn-primary mt-8"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                setDone((await callApi<{ message: string }>(path, { method: 'POST', body })).message);
              } catch (err) {
                reportApiError(err);
              } finally {
                setBusy(false);
              }
            }}
          >
            {button}
          </button>
        </>
      )}
    </div>
  );
}
