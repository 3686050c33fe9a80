import { useState } from 'react';
import { toast } from '~/lib/toast.ts';
import { EMAIL_RE } from '@facet/contracts/patterns';
import { MSG } from '@facet/contracts/messages';
import { callApi, reportApiError } from '~/lib/client-api.ts';

/** Footer sign-up with double opt-in: the confirmation mail carries the link that subscribes. */
export function NewsletterBox() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      method="post"
      // Without scripts (or before they run) the browser sends it to the newsletter page, which signs up.
      action="/newsletter"
      noValidate
      className="mt-4"
      aria-label="Newsletter"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!EMAIL_RE.test(email.trim())) {
          setError(MSG.email);
          return;
        }
        setBusy(true);
        try {
          const r = await callApi<{ message: string }>('/newsletter', {
            method: 'POST',
            body: { email: email.trim() },
          });
          toast.success(r.message);
          setEmail('');
        } catch (err) {
          reportApiError(err);
        } finally {
          setBusy(false);
        }
      }}
    >
      <div className="flex gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
          placeholder="Your email address"
          autoComplete="email"
          className="field flex-1"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-error' : undefined}
        />
        <button type="submit" className="btn-primary px-4" disabled={busy}>
          {busy ? '…' : 'Sign up'}
        </button>
      </div>
      {error && (
        <p id="newsletter-error" className="mt-1 text-xs text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
