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
  const [codes, setCodes] = useState<string[] | null>(null);
  const [codesLeft, setCodesLeft] = useState(me.recoveryCodesLeft);
  const [remaking, setRemaking] = useState(false);
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
            <>
              <p className="mt-2 text-sm" role="status">
                On: signing in asks for the code from your authenticator app.
              </p>
              {codes ? (
                <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
              ) : (
                <>
                  <p className="mt-3 text-sm text-muted">
                    {codesLeft === 0
                      ? 'You have no recovery codes left. Make new ones, in case you lose your phone.'
                      : `${codesLeft} recovery code${codesLeft === 1 ? '' : 's'} left, each signs you in once without your phone.`}
                  </p>
                  <button type="button" className="btn-secondary mt-3" onClick={() => setRemaking(true)}>
                    Make new recovery codes…
                  </button>
                  <Confirm
                    open={remaking}
                    title="Make new recovery codes?"
                    body="Your old recovery codes stop working at once. Keep the new list somewhere safe."
                    action="Make new codes"
                    onClose={() => setRemaking(false)}
                    onConfirm={() =>
                      void run(async () => {
                        const made = await adminApi('POST /auth/recovery-codes');
                        setCodes(made.codes);
                        setCodesLeft(made.codes.length);
                        toast.success(made.message);
                      })
                    }
                  />
                </>
              )}
            </>
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
                  const on = await adminApi('POST /auth/totp/enable', { body: form.values });
                  setEnabled(true);
                  setCodes(on.codes);
                  setCodesLeft(on.codes.length);
                  toast.success('Two-factor sign-in is on.');
                }, form.showServerErrors);
              }}
            >
              <p>
                Scan this code with your authenticator app (or type the key, or open the link on your phone), then enter
                the code it shows.
              </p>
              <div className="flex flex-wrap items-center gap-4">
                <svg
                  viewBox={`0 0 ${setup.qrSize} ${setup.qrSize}`}
                  className="h-44 w-44 border border-hairline bg-white"
                  role="img"
                  aria-label="Scannable key (QR) for your authenticator app"
                  shapeRendering="crispEdges"
                >
                  <path d={setup.qrPath} fill="#1c1917" />
                </svg>
                <div className="min-w-0 space-y-2">
                  <p className="text-xs text-muted">Key</p>
                  <p className="break-all font-mono text-xs" data-testid="totp-secret">
                    {setup.secret}
                  </p>
                  <a href={setup.uri} className="text-primary underline">
                    Open in authenticator app
                  </a>
                </div>
              </div>
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

/** The recovery codes, shown once: to copy, download or print before going on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  // Made in the browser on click: the codes are in no address the page builds or anything logs.
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`Back-office recovery codes. Each signs you in once without your phone.\n\n${codes.join('\n')}\n`], {
        type: 'text/plain;charset=utf-8',
      }),
    );
    const a = Object.assign(document.createElement('a'), { href: url, download: 'recovery-codes.txt' });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="mt-3 space-y-3 border border-hairline bg-panel p-3 text-sm" aria-labelledby="recovery-codes">
      <h3 id="recovery-codes" className="font-semibold">
        Your recovery codes
      </h3>
      <p>
        If you lose your phone, each of these signs you in once. Keep them somewhere safe, away from your phone: they
        are not shown again.
      </p>
      <ol className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono sm:w-max" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary py-1.5 text-xs" onClick={download}>
          Download
        </button>
        <button type="button" className="btn-secondary py-1.5 text-xs" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="btn-primary py-1.5 text-xs" onClick={onDone}>
          I have kept them
        </button>
      </div>
    </div>
  );
}
