import { useState } from 'react';
import { useNavigate, useOutletContext } from 'react-router';
import { staffTotpBody, type StaffMe, type TotpSetup } from '@facet/contracts/admin';
import type { Route } from './+types/account';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';
import { Confirm } from '~/features/admin/shared/confirm.tsx';

export async function clientLoader() {
  return null;
}

/** The member's own sign-in: two-factor, and signing out on every device. */
export default function AdminAccount(_: Route.ComponentProps) {
  const me = useOutletContext<StaffMe>();
  const navigate = useNavigate();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [enabled, setEnabled] = useState(me.totpEnabled);
  const [confirming, setConfirming] = useState(false);
  const form = useForm({ code: staffTotpBody.shape.code }, { code: '' });
  const { busy, run } = useAdminAction();
  return (
    <>
      <AdminHeading title="Your account" />
      <div className="grid max-w-3xl gap-4">
        <section className="border border-hairline bg-white p-4" aria-labelledby="totp">
          <h2 id="totp" className="text-sm font-semibold">
            Two-factor sign-in
          </h2>
          {enabled ? (
            <p className="mt-2 text-sm" role="status">
              On: signing in asks for the code from your authenticator app.
            </p>
          ) : setup ? (
            <form
              method="post"
              noValidate
              className="mt-2 space-y-3 text-sm"
              onSubmit={(e) => {
                e.preventDefault();
                form.touchAll();
                if (!form.isValid) return;
                void run(async () => {
                  await adminApi('POST /auth/totp/enable', { body: form.values });
                  setEnabled(true);
                  toast.success('Two-factor sign-in is on.');
                }, form.showServerErrors);
              }}
            >
              <p>
                Add this key to your authenticator app (or open the link on your phone), then enter the code it shows.
              </p>
              <p className="break-all font-mono text-xs" data-testid="totp-secret">
                {setup.secret}
              </p>
              <a href={setup.uri} className="text-primary underline">
                Open in authenticator app
              </a>
              <TextField
                form={form}
                name="code"
                label="Code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
              />
              <button type="submit" className="btn-primary" disabled={busy}>
                Turn on
              </button>
            </form>
          ) : (
            <>
              <p className="mt-2 text-sm text-muted">
                Off. A code from your phone protects the store if your password leaks.
              </p>
              <button
                type="button"
                className="btn-primary mt-3"
                disabled={busy}
                onClick={() => void run(async () => setSetup(await adminApi('POST /auth/totp/setup')))}
              >
                Set up two-factor sign-in
              </button>
            </>
          )}
        </section>
        <section className="border border-hairline bg-white p-4" aria-labelledby="sessions">
          <h2 id="sessions" className="text-sm font-semibold">
            Sessions
          </h2>
          <p className="mt-2 text-sm text-muted">
            Sessions end after {me.session.idleMinutes} minutes without use and {me.session.hours} hours after signing
            in.
          </p>
          <button type="button" className="btn-secondary mt-3" onClick={() => setConfirming(true)}>
            Sign out on every device…
          </button>
          <Confirm
            open={confirming}
            title="Sign out on every device?"
            body="Every back-office session of yours ends, this one included."
            action="Sign out everywhere"
            onClose={() => setConfirming(false)}
            onConfirm={() =>
              void run(async () => {
                await adminApi('POST /auth/logout-all');
                navigate('/admin/login');
              })
            }
          />
        </section>
      </div>
    </>
  );
}
