import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '~/lib/toast.ts';
import { z } from 'zod';
import { passwordField } from '@facet/contracts/account';
import { MSG } from '@facet/contracts/messages';
import type { Route } from './+types/reset-password';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { openPanel } from '~/lib/account-store.ts';
import { callApi, reportApiError } from '~/lib/client-api.ts';
import { ApiError } from '~/lib/api.ts';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Reset your password', noindex: true });

const MISMATCH = 'The two passwords do not match';

export default function Page() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(false);
  const form = useForm(
    { password: z.string().min(1, MSG.passwordRequired).pipe(passwordField), confirm: z.string() },
    { password: '', confirm: '' },
  );
  const mismatch = form.values.confirm !== '' && form.values.confirm !== form.values.password;
  const valid = form.isValid && form.values.confirm === form.values.password;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!valid) return;
    setBusy(true);
    try {
      await callApi('/user/reset-password', { method: 'POST', body: { password: form.values.password }, token });
      toast.success(MSG.passwordReset);
      navigate('/', { replace: true });
      openPanel('login');
    } catch (err) {
      if (err instanceof ApiError) {
        form.showServerErrors(err.errors);
        if (/invalid or has expired/.test(err.message)) setExpired(true);
      }
      reportApiError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-md px-4 pb-24 pt-12">
      <p className="eyebrow text-primary">Your account</p>
      <h1 className="mt-2 font-display text-4xl">Choose a new password</h1>
      <p className="mt-3 text-sm text-muted">
        Every device signed in to your account will be signed out once you save it.
      </p>
      {expired ? (
        <div role="alert" className="mt-8 border border-hairline bg-panel p-5 text-sm">
          <p>This reset link is invalid or has expired. Links work once, for 30 minutes.</p>
          <button type="button" className="btn-primary mt-4" onClick={() => openPanel('forget')}>
            Send a new link
          </button>
        </div>
      ) : (
        <form
          method="post"
          noValidate
          onSubmit={submit}
          onReset={form.reset}
          className="mt-8 space-y-4"
          aria-label="Reset password"
        >
          <TextField
            form={form}
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            autoFocus
            hint="At least 12 characters, with an uppercase letter, a number and one of @$!%*?&"
          />
          <div>
            <TextField
              form={form}
              name="confirm"
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              required
            />
            {mismatch && <p className="mt-1 text-xs text-danger">{MISMATCH}</p>}
          </div>
          <div className="flex gap-3 pt-2">
            <button type="submit" className="btn-primary flex-1" disabled={!valid || busy}>
              {busy ? 'Saving…' : 'Save new password'}
            </button>
            <button type="reset" className="btn-secondary">
              Reset
            </button>
          </div>
        </form>
      )}
      <p className="mt-8 text-sm text-muted">
        Remembered it?{' '}
        <Link to="/" onClick={() => openPanel('login')} className="text-primary underline">
          Log in
        </Link>
      </p>
    </div>
  );
}
