import { useEffect, useState } from 'react';
import { Dialog } from 'radix-ui';
import { useRouteLoaderData } from 'react-router';
import { X } from '~/components/icons.tsx';
import { toast } from '~/lib/toast.ts';
import { z } from 'zod';
import {
  emailField,
  OTP_RE,
  passwordField,
  firstNameField,
  lastNameField,
  type User,
  type VerifyTicket as Ticket,
} from '@facet/contracts/account';
import { EMAIL_VERIFIED, OTP_PREFIX, RESEND_COUNTDOWN_S } from '@facet/contracts/constants';
import { MSG } from '@facet/contracts/messages';
import { useForm } from '~/components/form/use-form.ts';
import { useSubmit } from '~/components/form/use-submit.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { callApi } from '~/lib/client-api.ts';
import { storeUser } from '~/lib/session.ts';
import { closePanel, openPanel, setAccount, useAccount, type Panel } from '~/lib/account-store.ts';
import { afterLogin } from '~/lib/after-login.ts';
import { resendLabel } from './resend-label.ts';

const TITLES: Record<Exclude<Panel, 'closed'>, { title: string; lead: string }> = {
  login: { title: 'Log in', lead: 'Welcome back. Sign in to see your orders, addresses and saved details.' },
  register: { title: 'Create account', lead: 'An account keeps your addresses and orders in one place.' },
  forget: { title: 'Forgot password', lead: 'Enter your e-mail and we will send you a link to choose a new password.' },
  verify: { title: 'Verify your e-mail', lead: 'We sent a six-digit code to your e-mail. It is valid for 10 minutes.' },
};

const required = (msg: string) => z.string().min(1, msg);
const loginSchemas = { username: emailField, password: required(MSG.passwordRequired) };
const registerSchemas = {
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
  password: z.string().min(1, MSG.passwordRequired).pipe(passwordField),
};
const forgetSchemas = { email: emailField };
const verifySchemas = { otp: z.string().regex(OTP_RE, MSG.otp) };

/** The four account side panels; one open at a time. */
export function AccountPanel() {
  const { panel } = useAccount();
  const open = panel !== 'closed';
  const copy = open ? TITLES[panel] : null;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o) closePanel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-in" />
        <Dialog.Content
          data-panel={panel}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-hairline px-6 py-4">
            <Dialog.Title className="font-display text-3xl">{copy?.title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-mr-2 inline-flex h-11 w-11 items-center justify-center text-muted hover:text-ink"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-6 py-6">
            <Dialog.Description className="mb-6 text-sm text-muted">{copy?.lead}</Dialog.Description>
            {panel === 'login' && <LoginForm />}
            {panel === 'register' && <RegisterForm />}
            {panel === 'forget' && <ForgetForm />}
            {panel === 'verify' && <VerifyForm />}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LinkButton({ children, onClick }: { children: React.ReactNode; onClick: () => void }) {
  // No focus change on press: a blur would show a field error, shift the layout and lose the click.
  return (
    <button
      type="button"
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className="text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
    </button>
  );
}

function Actions({ busy, valid, label }: { busy: boolean; valid: boolean; label: string }) {
  return (
    <div className="flex gap-3 pt-2">
      <button type="submit" className="btn-primary flex-1" disabled={!valid || busy} aria-busy={busy}>
        {busy ? 'Please wait…' : label}
      </button>
      <button type="reset" className="btn-secondary" onMouseDown={(e) => e.preventDefault()}>
        Reset
      </button>
    </div>
  );
}

function LoginForm() {
  const { notice, loginEmail } = useAccount();
  const form = useForm(loginSchemas, { username: loginEmail, password: '' });
  const { busy, onSubmit } = useSubmit();
  const submit = onSubmit(form, async () => {
    const answer = await callApi<User | Ticket>('/user/authenticate', {
      method: 'POST',
      body: form.values,
      token: null,
    });
    // Verified → signed in; otherwise handled as a registration result (verify).
    if (answer.emailVerified === EMAIL_VERIFIED) {
      const user = answer as User;
      storeUser(user, user.token);
      setAccount({ isLoggedIn: true, loggedUser: user, panel: 'closed', notice: null, ticket: null });
      toast.success(`Welcome back, ${user.firstName}.`);
      void afterLogin();
    } else {
      const t = answer as Ticket;
      openPanel('verify', { ticket: { token: t.token, email: t.email, firstName: t.firstName } });
      toast('Please verify your e-mail first: we sent you a code.');
    }
  });
  return (
    <form method="post" noValidate onSubmit={submit} onReset={form.reset} className="space-y-4" aria-label="Log in">
      {notice && (
        <p role="status" className="rounded bg-secondary px-3 py-2 text-sm">
          {notice}
        </p>
      )}
      <TextField
        form={form}
        name="username"
        label="Email"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        autoFocus
      />
      <TextField
        form={form}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <div className="text-right">
        <LinkButton onClick={() => openPanel('forget')}>Forgot Password?</LinkButton>
      </div>
      <Actions busy={busy} valid={form.isValid} label="Log in" />
      <p className="border-t border-hairline pt-5 text-center text-sm text-muted">
        <LinkButton onClick={() => openPanel('register')}>Don't have account?</LinkButton>
      </p>
    </form>
  );
}

function RegisterForm() {
  const form = useForm(registerSchemas, { firstName: '', lastName: '', email: '', password: '' });
  const { busy, onSubmit } = useSubmit();
  const submit = onSubmit(form, async () => {
    const t = await callApi<Ticket>('/user/register', { method: 'POST', body: form.values, token: null });
    // After registration the panel moves to verify.
    openPanel('verify', { ticket: { token: t.token, email: t.email, firstName: t.firstName } });
  });
  return (
    <form
      method="post"
      noValidate
      onSubmit={submit}
      onReset={form.reset}
      className="space-y-4"
      aria-label="Create account"
    >
      <div className="grid grid-cols-2 gap-3">
        <TextField form={form} name="firstName" label="First name" autoComplete="given-name" required autoFocus />
        <TextField form={form} name="lastName" label="Last name" autoComplete="family-name" />
      </div>
      <TextField form={form} name="email" label="Email" type="email" autoComplete="email" inputMode="email" required />
      <TextField
        form={form}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 12 characters, with an uppercase letter, a number and one of @$!%*?&"
      />
      <Actions busy={busy} valid={form.isValid} label="Create account" />
      <p className="border-t border-hairline pt-5 text-center text-sm text-muted">
        Already have an account? <LinkButton onClick={() => openPanel('login')}>Log in</LinkButton>
      </p>
    </form>
  );
}

function ForgetForm() {
  const form = useForm(forgetSchemas, { email: '' });
  const { busy, onSubmit } = useSubmit();
  const submit = onSubmit(form, async () => {
    await callApi('/user/forget-password', { method: 'POST', body: form.values, token: null });
    toast.success(MSG.resetMailSent);
    closePanel();
  });
  return (
    <form
      method="post"
      noValidate
      onSubmit={submit}
      onReset={form.reset}
      className="space-y-4"
      aria-label="Forgot password"
    >
      <TextField
        form={form}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        autoFocus
      />
      <Actions busy={busy} valid={form.isValid} label="Send reset link" />
      <p className="border-t border-hairline pt-5 text-center">
        <LinkButton onClick={() => openPanel('login')}>Back to login</LinkButton>
      </p>
    </form>
  );
}

export function useCountdown(initial = 0) {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return { left, start: () => setLeft(RESEND_COUNTDOWN_S) };
}

/** The code field and resend button, shared by the verify panel and the e-mail change on /profile. */
export function CodeForm({
  token,
  onVerified,
  submitLabel = 'Verify',
  initialCountdown = 0,
}: {
  token: string | null;
  onVerified: (u: User) => void;
  submitLabel?: string;
  /** Seconds until a resend is allowed: a code that was just sent counts down from the start. */
  initialCountdown?: number;
}) {
  const form = useForm(verifySchemas, { otp: '' });
  const { busy, run, onSubmit } = useSubmit();
  const countdown = useCountdown(initialCountdown);
  const submit = onSubmit(form, async () => {
    onVerified(await callApi<User>('/user/verify-otp', { method: 'POST', body: form.values, token }));
  });
  const resend = () => {
    countdown.start();
    void run(async () => {
      const r = await callApi<{ message: string }>('/user/resend-verify-otp', { method: 'POST', token });
      toast.success(r.message);
    });
  };
  return (
    <form
      method="post"
      noValidate
      onSubmit={submit}
      onReset={form.reset}
      className="space-y-4"
      aria-label="Verify code"
    >
      <TextField
        form={form}
        name="otp"
        label="Verification code"
        prefix={OTP_PREFIX}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        autoFocus
        onPaste={(e) => {
          // People paste the code as the e-mail shows it, prefix and all.
          const digits = e.clipboardData.getData('text').replace(/\D/g, '').slice(-6);
          if (digits) {
            e.preventDefault();
            form.set('otp', digits);
          }
        }}
      />
      <Actions busy={busy} valid={form.isValid} label={submitLabel} />
      <p className="text-center text-sm text-muted">
        Didn't get it?{' '}
        <button
          type="button"
          onMouseDown={(e) => e.preventDefault()}
          onClick={resend}
          disabled={countdown.left > 0}
          className="font-medium text-primary underline-offset-4 enabled:hover:underline disabled:text-muted"
        >
          {resendLabel(countdown.left)}
        </button>
      </p>
    </form>
  );
}

function VerifyForm() {
  const { ticket } = useAccount();
  // Set by the server only when mail is not sent (no SMTP) and the visitor is on this machine.
  const devMailbox = (useRouteLoaderData('root') as { devMailbox?: boolean } | undefined)?.devMailbox === true;
  return (
    <div className="space-y-4">
      {ticket && (
        <p className="text-sm">
          Code sent to <strong>{ticket.email}</strong>.
        </p>
      )}
      {devMailbox && (
        <p className="border border-hairline bg-panel px-3 py-2 text-xs text-muted" data-testid="dev-mailbox-hint">
          This store has no e-mail server set up, so nothing leaves this computer: read the code in the{' '}
          <a href="/dev/mailbox" target="_blank" rel="noopener" className="underline">
            dev mailbox
          </a>
          .
        </p>
      )}
      <CodeForm
        token={ticket?.token ?? null}
        initialCountdown={RESEND_COUNTDOWN_S}
        onVerified={(user) => {
          // Verify success stores the user and token: that is a sign-in (the server has
          // claimed the visitor's cart), so the panel moves on and, being logged in, closes.
          storeUser(user, user.token);
          setAccount({ isLoggedIn: true, loggedUser: user, panel: 'closed', notice: null, ticket: null });
          toast.success(`Your e-mail is verified. Welcome, ${user.firstName}.`);
          void afterLogin();
        }}
      />
      <p className="border-t border-hairline pt-5 text-center">
        <LinkButton onClick={() => openPanel('login')}>Back to login</LinkButton>
      </p>
    </div>
  );
}
