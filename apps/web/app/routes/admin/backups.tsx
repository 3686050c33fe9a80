import { useState } from 'react';
import type { Route } from './+types/backups';
import { adminApi, adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { BackupSettingsForm } from '~/features/admin/backups/backup-settings-form.tsx';
import { BackupWarning, formatBytes, whenText } from '~/features/admin/backups/backup-warning.tsx';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';
import { toast } from '~/lib/toast.ts';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /backups');
}
export const ErrorBoundary = AdminRouteError;

export default function AdminBackups({ loaderData }: Route.ComponentProps) {
  const [status, setStatus] = useState(loaderData);
  const { busy, run } = useAdminAction();
  if (status.engine === 'postgres')
    return (
      <>
        <AdminHeading title="Backups" />
        <p className="max-w-3xl text-sm">
          This store runs on PostgreSQL. Back it up with PostgreSQL&rsquo;s own tools:{' '}
          <code>npm run backup -- file</code> (pg_dump) on a schedule, or your provider&rsquo;s point-in-time recovery.
          The operations guide (docs/operations.md) says how.
        </p>
      </>
    );
  return (
    <>
      <AdminHeading title="Backups" />
      <BackupWarning status={status} />
      <section className="border border-hairline bg-white p-4" aria-labelledby="last-backup">
        <h2 id="last-backup" className="text-sm font-semibold">
          Last backup
        </h2>
        {status.last ? (
          <dl className="mt-3 grid max-w-2xl grid-cols-[9rem_1fr] gap-y-1.5 text-sm">
            <dt className="text-muted">Made</dt>
            <dd>{whenText(status.last.at)}</dd>
            <dt className="text-muted">Size</dt>
            <dd>{formatBytes(status.last.bytes)}</dd>
            <dt className="text-muted">File</dt>
            <dd className="break-all font-mono text-xs">{status.last.file}</dd>
          </dl>
        ) : (
          <p className="mt-3 text-sm text-muted">No backup has been made yet.</p>
        )}
        {status.lastError && (
          <p role="alert" className="mt-3 border-l-2 border-danger pl-3 text-sm">
            The backup of {whenText(status.lastError.at)} failed: {status.lastError.message}
          </p>
        )}
        <button
          type="button"
          className="btn-secondary mt-4 py-2"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              setStatus(await adminApi('POST /backups'));
              toast('Backup made.');
            })
          }
        >
          {busy ? 'Backing up…' : 'Back up now'}
        </button>
      </section>
      <section className="mt-4 border border-hairline bg-white p-4" aria-labelledby="backup-settings">
        <h2 id="backup-settings" className="mb-3 text-sm font-semibold">
          Daily backup
        </h2>
        <BackupSettingsForm settings={status.settings} onSaved={setStatus} />
      </section>
      <section className="mt-4 border border-hairline bg-white p-4" aria-labelledby="backup-files">
        <h2 id="backup-files" className="text-sm font-semibold">
          Backups in the folder
        </h2>
        {status.files.length ? (
          <table className="mt-3 w-full max-w-2xl text-sm">
            <thead>
              <tr className="text-left text-xs uppercase tracking-wider text-muted">
                <th className="py-1.5 font-semibold">File</th>
                <th className="py-1.5 font-semibold">Made</th>
                <th className="py-1.5 text-right font-semibold">Size</th>
              </tr>
            </thead>
            <tbody>
              {status.files.map((f) => (
                <tr key={f.name} className="border-t border-hairline">
                  <td className="py-1.5 pr-3 font-mono text-xs">{f.name}</td>
                  <td className="py-1.5 pr-3">{whenText(f.at)}</td>
                  <td className="py-1.5 text-right">{formatBytes(f.bytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-3 text-sm text-muted">None yet.</p>
        )}
        <p className="mt-3 max-w-2xl text-xs text-muted">
          To bring a backup back, stop the store and run <code>npm run restore -- file</code> into an empty data folder
          (docs/operations.md).
        </p>
      </section>
    </>
  );
}
