import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  IMPORT_KIND_LABELS,
  IMPORT_SOURCE_LABELS as SOURCE_LABELS,
  type ImportRun,
  type ProductImportReportAnswer,
} from '@facet/contracts/admin-feeds';

type FeedErrorRow = ProductImportReportAnswer['errors'][number];
import type { Route } from './+types/import';
import { adminApi, adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { Confirm } from '~/features/admin/shared/confirm.tsx';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';
import { toast } from '~/lib/toast.ts';
import {
  fileSize,
  ImportProgress,
  ImportStateBadge,
  isLive,
  useFollowWhile,
} from '~/features/admin/imports/import-progress.tsx';
import { TableHead } from '~/features/admin/shared/table-head.tsx';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /imports/:id', { params: { id: params.id } });
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

/** The refused rows (or products) of a report, the first few at once, with the CSV of all kept. */
function RefusedRows({
  run,
  errors,
  refused,
  unit,
}: {
  run: ImportRun;
  errors: FeedErrorRow[];
  refused: number;
  /** What a row is called: a line of a CSV feed, or a product of a JSON feed (its place in the file). */
  unit: 'Line' | 'Product';
}) {
  const [allErrors, setAllErrors] = useState(false);
  return (
    <section aria-labelledby="refused" className="mb-6">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="refused" className="text-sm font-semibold">
          Refused {unit === 'Line' ? 'rows' : 'products'}{' '}
          <span className="font-normal text-muted">
            ({n(refused)}
            {errors.length < refused ? `; the first ${n(errors.length)} errors are kept` : ''})
          </span>
        </h2>
        {errors.length > 0 && (
          <a href={`/api/admin/imports/${run.id}/errors.csv`} download className="btn-secondary py-1.5 text-xs">
            Download errors (CSV)
          </a>
        )}
      </div>
      {errors.length === 0 ? (
        <p className="text-sm text-muted">Every {unit === 'Line' ? 'row' : 'product'} was usable.</p>
      ) : (
        <div className="relative overflow-x-auto border border-hairline bg-white">
          <table className="w-full min-w-[640px] text-sm">
            <caption className="sr-only">
              Refused {unit === 'Line' ? 'rows' : 'products'}: {unit.toLowerCase()}, column, value and reason
            </caption>
            <TableHead columns={[unit, 'Column', 'Value', 'Reason']} />
            <tbody>
              {(allErrors ? errors : errors.slice(0, ERRORS_SHOWN)).map((e, i) => (
                <tr key={`${e.line}-${e.column}-${i}`} className="border-b border-hairline last:border-0">
                  <td className="px-3 py-1.5 tabular-nums">{e.line}</td>
                  <td className="px-3 py-1.5">{e.column}</td>
                  <td className="max-w-[12rem] break-all px-3 py-1.5 font-mono text-xs">{e.value || '(empty)'}</td>
                  <td className="px-3 py-1.5">{e.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!allErrors && errors.length > ERRORS_SHOWN && (
        <button type="button" className="btn-secondary mt-2 py-1.5 text-xs" onClick={() => setAllErrors(true)}>
          Show all {n(errors.length)} errors
        </button>
      )}
    </section>
  );
}

/** A folded list of items, each with a note beside it (stones the feed may not change; designs held). */
function NotedList({
  summary,
  items,
  open,
}: {
  summary: string;
  items: Array<{ key: string; note: string }>;
  open?: boolean;
}) {
  return (
    <details className="mb-4 border border-hairline bg-white p-3 text-sm" open={open}>
      <summary className="cursor-pointer font-medium">{summary}</summary>
      <ul className="mt-2 space-y-1 text-xs">
        {items.map((i) => (
          <li key={i.key}>
            <span className="font-mono">{i.key}</span> <span className="text-muted">{i.note}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

export default function AdminImport({ loaderData: run }: Route.ComponentProps) {
  // Followed while the import runs, and while its stones' photographs are still being fetched.
  useFollowWhile(isLive(run) || (run.media?.waiting ?? 0) > 0);
  const navigate = useNavigate();
  const { busy, run: act } = useAdminAction();
  const [confirming, setConfirming] = useState(false);
  const r = run.report;
  const pr = run.productReport;
  const would = (label: string) => (run.dryRun ? `Would be ${label}` : label[0]!.toUpperCase() + label.slice(1));
  const apply = () =>
    act(async () => {
      const next = await adminApi('POST /imports/:id/apply', { params: { id: run.id } });
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
        {run.fileName}
        {run.fileBytes ? ` (${fileSize(run.fileBytes)})` : ''} · {IMPORT_KIND_LABELS[run.kind].toLowerCase()}
        {run.kind === 'diamonds' ? (run.full ? ' · full feed' : ' · partial feed') : ''} ·{' '}
        {run.staff ?? SOURCE_LABELS[run.source]} · {when.format(new Date(run.createdAt))}
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
      {run.dryRun && (r || pr) && (
        <div className="mb-4 flex flex-wrap items-center gap-3 border border-hairline bg-white p-4 text-sm">
          <p className="flex-1">
            Nothing was written. Check the figures and the refused {r ? 'rows' : 'products'}, then apply the file.
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
      {r && (
        <>
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
            <NotedList
              summary={`${n(r.lockedCount)} stones the feed changes but the store may not (sold, reserved or held)`}
              items={r.locked.map((l) => ({ key: l.stock, note: l.status }))}
            />
          )}
          <RefusedRows run={run} errors={r.errors} refused={r.rowsWithErrors} unit="Line" />
          {run.media && run.media.waiting + run.media.ready + run.media.failed > 0 && (
            <section aria-labelledby="stone-photos" className="mb-6">
              <h2 id="stone-photos" className="mb-2 text-sm font-semibold">
                Stone photographs
              </h2>
              <dl className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
                <Figure label="Waiting to fetch" value={run.media.waiting} />
                <Figure label="On their stones" value={run.media.ready} />
                <Figure label="Refused (the drawing stays)" value={run.media.failed} tone="bad" />
              </dl>
              {run.media.failures.length > 0 && (
                <NotedList
                  summary={`${n(run.media.failed)} ${run.media.failed === 1 ? 'photograph' : 'photographs'} could not be used`}
                  items={run.media.failures.map((f) => ({ key: f.stock, note: `${f.url} — ${f.reason}` }))}
                />
              )}
            </section>
          )}
        </>
      )}
      {pr && (
        <>
          <dl className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
            <Figure label="Products" value={pr.products} />
            <Figure label="Products refused" value={pr.rowsWithErrors} tone="bad" />
            <Figure label="Designs" value={pr.designs} />
            <Figure label={would('new')} value={pr.added} />
            <Figure label={would('changed')} value={pr.changed} />
            <Figure label="Unchanged" value={pr.unchanged} />
            <Figure label="Waiting for a category" value={pr.waiting} tone="bad" />
            <Figure label="No markup rule" value={pr.unpriced} tone="bad" />
            {!run.dryRun && <Figure label="Images stored" value={pr.imagesFetched} />}
            {!run.dryRun && <Figure label="Images refused" value={pr.imagesFailed} tone="bad" />}
          </dl>
          {pr.unmapped.length > 0 && (
            <section aria-labelledby="unmapped" className="mb-4 border border-hairline bg-white p-3 text-sm">
              <h2 id="unmapped" className="font-semibold">
                Groups with no category yet
              </h2>
              <p className="mt-1 text-muted">
                Their designs are kept off the storefront. Place each group in a category under{' '}
                <Link to="/admin/imports#categories" className="underline">
                  Supplier categories
                </Link>
                {run.dryRun ? ' once the file is applied' : ''}; its designs then come in without sending the file
                again.
              </p>
              <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                {pr.unmapped.map((u) => (
                  <li key={u.groupDescription}>
                    {u.groupDescription}{' '}
                    <span className="text-muted">
                      ({n(u.designs)} design{u.designs === 1 ? '' : 's'})
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {pr.held.length > 0 && (
            <NotedList
              open
              summary={`${n(pr.heldCount)} designs kept unpublished: an image could not be used`}
              items={pr.held.map((h) => ({ key: h.series, note: h.reason }))}
            />
          )}
          <RefusedRows run={run} errors={pr.errors} refused={pr.rowsWithErrors} unit="Product" />
        </>
      )}
      <Confirm
        open={confirming}
        title={`Apply ${run.supplier}'s ${pr ? 'product ' : ''}feed?`}
        body={`${
          r
            ? `${n(r.added)} new stones go on sale, ${n(r.priceChanged + r.gradeChanged)} change${run.full ? `, ${n(r.withdrawn)} come off sale` : ''}`
            : pr
              ? `${n(pr.added)} new designs go on sale, ${n(pr.changed)} change; ${n(pr.waiting)} wait for a category`
              : ''
        }. Shoppers see it within a second.`}
        action="Apply the feed"
        onConfirm={() => {
          setConfirming(false);
          void apply();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
