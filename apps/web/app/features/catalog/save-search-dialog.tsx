import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { EMAIL_RE } from '@facet/contracts/patterns';
import { MSG } from '@facet/contracts/messages';
import { describeSearch, filtersOf, parseFilters } from '@facet/contracts/saved-search';
import { openPanel } from '~/lib/account-store.ts';
import { callApi, reportApiError } from '~/lib/client-api.ts';

/** A guest's alert: the address to write to, confirmed by e-mail before anything is sent. */
export default function SaveSearchDialog({ query, onClose }: { query: string; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  let label = '';
  try {
    label = describeSearch(parseFilters(filtersOf(query)));
  } catch {
    /* the server says what is wrong */
  }
  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-display text-2xl">Get an alert for this search</Dialog.Title>
            <Dialog.Close aria-label="Close" className="inline-flex h-10 w-10 shrink-0 items-center justify-center">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-muted">
            {label}. We write when a new stone matches or a matching stone’s price falls, at most once a day.
          </Dialog.Description>
          {done ? (
            <div role="status" className="mt-5">
              <p className="text-sm">{done}</p>
              <button type="button" className="btn-primary mt-5 w-full" onClick={onClose}>
                Done
              </button>
            </div>
          ) : (
            <form
              noValidate
              className="mt-5"
              onSubmit={async (e) => {
                e.preventDefault();
                if (!EMAIL_RE.test(email.trim())) {
                  setError(MSG.email);
                  return;
                }
                setBusy(true);
                try {
                  const r = await callApi<{ message: string }>('/saved-searches', {
                    method: 'POST',
                    body: { query, email: email.trim() },
                  });
                  setDone(r.message);
                } catch (err) {
                  reportApiError(err);
                } finally {
                  setBusy(false);
                }
              }}
            >
              <label htmlFor="alert-email" className="text-sm font-medium">
                Email
              </label>
              <input
                id="alert-email"
                type="email"
                autoComplete="email"
                className="field mt-1 w-full"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setError(null);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'alert-email-error' : undefined}
              />
              {error && (
                <p id="alert-email-error" className="mt-1 text-xs text-danger">
                  {error}
                </p>
              )}
              <button type="submit" className="btn-primary mt-5 w-full" disabled={busy}>
                {busy ? 'Saving…' : 'Send me alerts'}
              </button>
              <p className="mt-4 text-center text-sm text-muted">
                Have an account?{' '}
                <button
                  type="button"
                  className="text-primary underline"
                  onClick={() => {
                    onClose();
                    openPanel('login');
                  }}
                >
                  Log in
                </button>{' '}
                to keep your alerts on your profile.
              </p>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
