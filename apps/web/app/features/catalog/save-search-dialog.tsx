import { useState } from 'react';
import { emailField } from '@facet/contracts/account';
import { describeSearch, filtersOf, parseFilters } from '@facet/contracts/saved-search';
import { useForm } from '~/components/form/use-form.ts';
import { useSubmit } from '~/components/form/use-submit.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { DialogDone, DialogShell } from '~/components/ui/dialog-shell.tsx';
import { openPanel } from '~/lib/account-store.ts';
import { callApi } from '~/lib/client-api.ts';

const schemas = { email: emailField };

/** A guest's alert: the address to write to, confirmed by e-mail before anything is sent. */
export default function SaveSearchDialog({ query, onClose }: { query: string; onClose: () => void }) {
  const form = useForm(schemas, { email: '' });
  const { busy, onSubmit } = useSubmit();
  const [done, setDone] = useState<string | null>(null);
  let label = 'Your search';
  try {
    label = describeSearch(parseFilters(filtersOf(query)));
  } catch {
    /* the server says what is wrong */
  }
  const submit = onSubmit(form, async () => {
    setDone(
      (await callApi<{ message: string }>('/saved-searches', { method: 'POST', body: { query, ...form.values } }))
        .message,
    );
  });
  return (
    <DialogShell
      title="Get an alert for this search"
      onClose={onClose}
      description={`${label}. We write when a new stone matches or a matching stone’s price falls, at most once a day.`}
    >
      {done ? (
        <DialogDone message={done} onClose={onClose} />
      ) : (
        <form method="post" noValidate className="mt-5" onSubmit={submit} aria-label="Diamond alert">
          <TextField form={form} name="email" label="Email" type="email" required autoComplete="email" />
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
    </DialogShell>
  );
}
