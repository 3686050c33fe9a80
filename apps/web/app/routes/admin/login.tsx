import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { staffRecoveryBody, staffTotpBody } from '@facet/contracts/admin';
import { emailField } from '@facet/contracts/account';
import type { Route } from './+types/login';
import { pageMeta } from '~/lib/page-meta.ts';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { adminApi } from '~/features/admin/shared/admin-api.ts';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';
import { BACK_OFFICE } from '~/features/admin/shared/nav.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: `Sign in — ${BACK_OFFICE}`, noindex: true });

const passwordSchemas = { email: emailField, password: z.string().min(1, 'Enter your password') };
const codeSchemas = { code: staffTotpBody.shape.code };
const recoverySchemas = { code: staffRecoveryBody.shape.code };

/** Only paths inside the back office: a crafted ?next= cannot send staff elsewhere. */
const safeNext = (next: string | null) =>
  next && /^\/admin(\/|$)/.test(next) && !next.startsWith('//') ? next : '/admin';

export default function AdminLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState<'password' | 'code' | 'recovery'>('password');
  const creds = useForm(passwordSchemas, { email: '', password: '' });
  const code = useForm(codeSchemas, { code: '' });
  const recovery = useForm(recoverySchemas, { code: '' });
  const { busy, run } = useAdminAction();
  const done = () => navigate(safeNext(params.get('next')), { replace: true });

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-panel px-4">
      <div className="w-full max-w-sm border border-hairline bg-white p-6">
        <p className="font-display text-2xl tracking-[0.12em]">FACET</p>
        <h1 className="mt-1 font-sans text-lg font-semibold tracking-normal">{BACK_OFFICE}</h1>
        {step === 'password' ? (
          <form
            method="post"
            noValidate
            className="mt-5 space-y-4"
            aria-label="Sign in"
            onSubmit={(e) => {
              e.preventDefault();
              creds.touchAll();
              if (!creds.isValid) return;
              void run(async () => {
                const a = await adminApi('POST /auth/login', { body: creds.values });
                if (a.status === 'totp-required') setStep('code');
                else done();
              }, creds.showServerErrors);
            }}
          >
            <TextField
              form={creds}
              name="email"
              label="Email"
              type="email"
              autoComplete="username"
              required
              autoFocus
            />
            <TextField
              form={creds}
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              required
            />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </button>
          </form>
        ) : step === 'code' ? (
          <form
            method="post"
            noValidate
            className="mt-5 space-y-4"
            aria-label="Two-factor code"
            onSubmit={(e) => {
              e.preventDefault();
              code.touchAll();
              if (!code.isValid) return;
              void run(async () => {
                await adminApi('POST /auth/totp', { body: code.values });
                done();
              }, code.showServerErrors);
            }}
          >
            <p className="text-sm text-muted">Enter the 6-digit code from your authenticator app.</p>
            <TextField
              form={code}
              name="code"
              label="Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              autoFocus
            />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? 'Checking…' : 'Continue'}
            </button>
            <button type="button" className="text-sm text-primary underline" onClick={() => setStep('recovery')}>
              Lost your phone? Use a recovery code
            </button>
          </form>
        ) : (
          <form
            method="post"
            noValidate
            className="mt-5 space-y-4"
            aria-label="Sign in with a recovery code"
            onSubmit={(e) => {
              e.preventDefault();
              recovery.touchAll();
              if (!recovery.isValid) return;
              void run(async () => {
                await adminApi('POST /auth/recovery', { body: recovery.values });
                done();
              }, recovery.showServerErrors);
            }}
          >
            <p className="text-sm text-muted">
              Enter one of the recovery codes you kept when you turned on two-factor sign-in. Each works once.
            </p>
            <TextField
              form={recovery}
              name="code"
              label="Recovery code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={11}
              required
              autoFocus
            />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? 'Checking…' : 'Continue'}
            </button>
            <p className="text-sm text-muted">
              No codes left? Ask the store owner to reset your two-factor sign-in.{' '}
              <button type="button" className="text-primary underline" onClick={() => setStep('code')}>
                Use the authenticator code
              </button>
            </p>
          </form>
        )}
      </div>
    </main>
  );
}
