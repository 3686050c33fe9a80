import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ImportRun } from '@facet/contracts/admin-feeds';
import type { Route } from './+types/import';
import { adminApi, adminLoad } from '~/features/admin/admin-api.ts';
import { AdminHeading } from '~/features/admin/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/route-error.tsx';
import { Confirm } from '~/features/admin/confirm.tsx';
import { useAdminAction } from '~/features/admin/use-admin-action.ts';
import { toast } from '~/lib/toast.ts';
import {
  fileSize,
  ImportProgress,
  ImportStateBadge,
  isLive,
  useFollowWhile,
} from '~/features/admin/import-progress.tsx';
import { TableHead } from '~/features/admin/table-head.tsx';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad<ImportRun>(`/imports/${params.id}`, request);
}
export const ErrorBoundary = AdminRouteError;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const n = (v: number) => v.toLocaleString('en-US');
const ERRORS_SHOWN = 25;

function Figure({ label, value, tone }: { label: string; value: number; tone?: 'bad' }) {
  return (
    <div className="border border-hairline bg-white px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={`text-lg font-semibold tabular-nums ${tone === 'bad' && value ? 'text-danger' : ''}`}>
        {n(value)}
      </dd>
    </div>
  );
}

export default function AdminImport({ loaderData: run }: Route.ComponentProps) {
  useFollowWhile(isLive(run));
  const navigate = useNavigate();
  const { busy, run: act } = useAdminAction();
  const [confirming, setConfirming] = useState(false);
  const [allErrors, setAllErrors] = useState(false);
  const r = run.report;
  const would = (label: string) => (run.dryRun ? `Would be ${label}` : label[0]!.toUpperCase() + label.slice(1));
  const apply = () =>
    act(async () => {
      const next = await adminApi<ImportRun>(`/imports/${run.id}/apply`, { method: 'POST' });
      toast.success('Importing the feed now.');
      navigate(`/admin/imports/${next.id}`);
    });
  const seconds =
    run.startedAt && run.finishedAt ? (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000 : null;

  return (
    <>
      <p className="mb-2 text-xs">
        <Link to="/admin/imports" className="underline">
          All imports
        </Link>
      </p>
      <AdminHeading title={`${run.dryRun ? 'Dry run' : 'Import'} · ${run.supplier}`}>
        <ImportStateBadge run={run} />
      </AdminHeading>
      <p className="mb-4 text-sm text-muted">
        {run.fileName} ({fileSize(run.fileBytes)}) · {run.full ? 'full feed' : 'partial feed'} ·{' '}
        {run.staff ?? (run.source === 'cli' ? 'command line' : 'scheduled pull')} ·{' '}
        {when.format(new Date(run.createdAt))}
        {seconds !== null ? ` · took ${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s` : ''}
      </p>
      {isLive(run) && (
        <div className="mb-4 max-w-xl border border-hairline bg-white p-4">
          {run.state === 'queued' ? (
            <p className="text-sm">Waiting for a worker to take it…</p>
          ) : run.state === 'uploading' ? (
            <p className="text-sm">The file is still being sent.</p>
          ) : (
            <ImportProgress run={run} />
          )}
        </div>
      )}
      {run.state === 'failed' && (
        <div role="alert" className="mb-4 max-w-3xl border border-danger/40 bg-white p-4 text-sm">
          <p className="font-semibold">This import did not run.</p>
          <p className="mt-1">{run.message}</p>
        </div>
      )}
      {r && (
        <>
          {run.dryRun && (
            <div className="mb-4 flex flex-wrap items-center gap-3 border border-hairline bg-white p-4 text-sm">
              <p className="flex-1">
                Nothing was written. Check the figures and the refused rows, then apply the file.
              </p>
              {run.canApply ? (
                <button type="button" className="btn-primary py-2" disabled={busy} onClick={() => setConfirming(true)}>
                  Apply this file
                </button>
              ) : (
                <p className="text-xs text-muted">This file is no longer kept: upload it again to apply it.</p>
              )}
            </div>
          )}
          <dl className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
            <Figure label="Rows" value={r.rows} />
            <Figure label="Listable stones" value={r.stones} />
            <Figure label="Not available (NA)" value={r.unlisted} />
            <Figure label="Rows refused" value={r.rowsWithErrors} tone="bad" />
            <Figure label={would('new')} value={r.added} />
            <Figure label={would('repriced')} value={r.priceChanged} />
            <Figure label={would('regraded')} value={r.gradeChanged} />
            <Figure label="Unchanged" value={r.unchanged} />
            <Figure label={would('withdrawn')} value={r.withdrawn} />
            <Figure label="Left alone (sold, reserved, held)" value={r.lockedCount} />
            <Figure label="No markup rule" value={r.unpriced} tone="bad" />
          </dl>
          <p className="mb-4 text-sm text-muted">
            Priced from: total price {n(r.priceForms.total)} · price per carat {n(r.priceForms['per-carat'])} · discount
            from list {n(r.priceForms.discount)}
            {r.unknownColumns.length ? ` · columns not used: ${r.unknownColumns.join(', ')}` : ''}
          </p>
          {r.locked.length > 0 && (
            <details className="mb-4 border border-hairline bg-white p-3 text-sm">
              <summary className="cursor-pointer font-medium">
                {n(r.lockedCount)} stones the feed changes but the store may not (sold, reserved or held)
              </summary>
              <ul className="mt-2 columns-2 text-xs sm:columns-4">
                {r.locked.map((l) => (
                  <li key={l.stock}>
                    <span className="font-mono">{l.stock}</span> <span className="text-muted">{l.status}</span>
                  </li>
                ))}
              </ul>
            </details>
          )}
          <section aria-labelledby="refused" className="mb-6">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h2 id="refused" className="text-sm font-semibold">
                Refused rows{' '}
                <span className="font-normal text-muted">
                  ({n(r.rowsWithErrors)}
                  {r.errors.length < r.rowsWithErrors ? `; the first ${n(r.errors.length)} errors are kept` : ''})
                </span>
              </h2>
              {r.errors.length > 0 && (
                <a href={`/api/admin/imports/${run.id}/errors.csv`} download className="btn-secondary py-1.5 text-xs">
                  Download errors (CSV)
                </a>
              )}
            </div>
            {r.errors.length === 0 ? (
              <p className="text-sm text-muted">Every row was usable.</p>
            ) : (
              <div className="relative overflow-x-auto border border-hairline bg-white">
                <table className="w-full min-w-[640px] text-sm">
                  <caption className="sr-only">Refused rows: line, column, value and reason</caption>
                  <TableHead columns={['Line', 'Column', 'Value', 'Reason']} />
                  <tbody>
                    {(allErrors ? r.errors : r.errors.slice(0, ERRORS_SHOWN)).map((e, i) => (
                      <tr key={`${e.line}-${e.column}-${i}`} className="border-b border-hairline last:border-0">
                        <td className="px-3 py-1.5 tabular-nums">{e.line}</td>
                        <td className="px-3 py-1.5">{e.column}</td>
                        <td className="max-w-[12rem] break-all px-3 py-1.5 font-mono text-xs">
                          {e.value || '(empty)'}
                        </td>
                        <td className="px-3 py-1.5">{e.reason}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {!allErrors && r.errors.length > ERRORS_SHOWN && (
              <button type="button" className="btn-secondary mt-2 py-1.5 text-xs" onClick={() => setAllErrors(true)}>
                Show all {n(r.errors.length)} errors
              </button>
            )}
          </section>
          <Confirm
            open={confirming}
            title={`Apply ${run.supplier}'s feed?`}
            body={`${n(r.added)} new stones go on sale, ${n(r.priceChanged + r.gradeChanged)} change${
              run.full ? `, ${n(r.withdrawn)} come off sale` : ''
            }. Shoppers see it within a second.`}
            action="Apply the feed"
            onConfirm={() => {
              setConfirming(false);
              void apply();
            }}
            onClose={() => setConfirming(false)}
          />
        </>
      )}
    </>
  );
}
