import { Link, useParams } from 'react-router';
import { useState } from 'react';
import { passwordField } from '@facet/contracts/account';
import type { Route } from './+types/set-password';
import { pageMeta } from '~/lib/page-meta.ts';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { adminApi } from '~/features/admin/shared/admin-api.ts';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';
import { BACK_OFFICE } from '~/features/admin/shared/nav.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: `Set your password — ${BACK_OFFICE}`, noindex: true });

export default function SetPassword() {
  const { token = '' } = useParams();
  const form = useForm({ password: passwordField }, { password: '' });
  const { busy, run } = useAdminAction();
  const [done, setDone] = useState(false);
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-panel px-4">
      <div className="w-full max-w-sm border border-hairline bg-white p-6">
        <h1 className="font-sans text-lg font-semibold tracking-normal">Set your back-office password</h1>
        {done ? (
          <p className="mt-4 text-sm" role="status">
            Your password is set.{' '}
            <Link to="/admin/login" className="text-primary underline">
              Sign in
            </Link>
          </p>
        ) : (
          <form
            method="post"
            noValidate
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              form.touchAll();
              if (!form.isValid) return;
              void run(async () => {
                await adminApi('POST /auth/set-password', {
                  body: { token, password: form.values.password },
                });
                setDone(true);
              }, form.showServerErrors);
            }}
          >
            <TextField
              form={form}
              name="password"
              label="New password"
              type="password"
              autoComplete="new-password"
              hint="12 characters or more; not a common password."
              required
            />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? 'Saving…' : 'Set password'}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
