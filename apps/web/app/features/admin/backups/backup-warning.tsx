import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BACKUP_STALE_HOURS, type BackupStatus } from '@facet/contracts/admin-backups';
import { adminApi } from '../shared/admin-api.ts';

export const formatBytes = (n: number) =>
  n >= 1_048_576 ? `${(n / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;

export const whenText = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The owner's warning when the store has no recent backup (none, or the last older than two days). */
export function BackupWarning({ status, link = false }: { status: BackupStatus; link?: boolean }) {
  // On the Backups page itself (no link) the failure is shown beside the last backup instead.
  if (!status.stale) return null;
  return (
    <p role="alert" className="mb-4 border border-danger bg-white p-3 text-sm">
      <strong className="font-semibold">
        {status.last
          ? `The last backup is more than ${BACKUP_STALE_HOURS / 24} days old (${whenText(status.last.at)}).`
          : 'This store has no backup yet.'}
      </strong>{' '}
      {!status.settings.enabled
        ? 'The daily backup is turned off.'
        : status.lastError && link
          ? `The backup of ${whenText(status.lastError.at)} failed: ${status.lastError.message}`
          : status.last
            ? 'The daily backup has not run since.'
            : 'Make one now, and check the daily backup’s folder.'}{' '}
      {link && (
        <Link to="/admin/backups" className="text-primary underline underline-offset-2">
          Backups
        </Link>
      )}
    </p>
  );
}

/** On the dashboard, for those who look after backups: the warning, fetched after the page shows. */
export function BackupNotice() {
  const [status, setStatus] = useState<BackupStatus | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    adminApi('GET /backups', { signal: ctl.signal }).then(setStatus, () => {});
    return () => ctl.abort();
  }, []);
  return status ? <BackupWarning status={status} link /> : null;
}
