import { Link } from 'react-router';
import { IMPORT_KIND_LABELS, IMPORT_SOURCE_LABELS, type ImportRun } from '@facet/contracts/admin-feeds';
import type { Route } from './+types/imports';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ImportUpload } from '~/features/admin/imports/import-upload.tsx';
import { SupplierPulls } from '~/features/admin/imports/supplier-pulls.tsx';
import { SupplierCategories } from '~/features/admin/imports/supplier-categories.tsx';
import {
  fileSize,
  ImportProgress,
  ImportStateBadge,
  isLive,
  useFollowWhile,
} from '~/features/admin/imports/import-progress.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [list, suppliers, categories] = await Promise.all([
    adminLoad(request, 'GET /imports'),
    adminLoad(request, 'GET /suppliers'),
    adminLoad(request, 'GET /supplier-categories'),
  ]);
  return { ...list, suppliers, categories };
}
export const ErrorBoundary = AdminRouteError;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const n = (v: number) => v.toLocaleString('en-US');

/** The run's outcome in a line: what changed, what was refused. */
function outcome(r: ImportRun): string {
  if (r.state === 'failed') return r.message ?? 'Failed';
  if (r.productReport) {
    const p = r.productReport;
    const verb = r.dryRun ? ' (would be)' : '';
    return [
      [p.added && `${n(p.added)} new`, p.changed && `${n(p.changed)} changed`].filter(Boolean).join(', ') + verb ||
        'no changes',
      p.waiting ? `${n(p.waiting)} waiting for a category` : null,
      p.heldCount ? `${n(p.heldCount)} held (images)` : null,
      p.rowsWithErrors ? `${n(p.rowsWithErrors)} product${p.rowsWithErrors === 1 ? '' : 's'} refused` : null,
    ]
      .filter(Boolean)
      .join(' · ');
  }
  if (!r.report) return '';
  const p = r.report;
  const changed = [
    p.added && `${n(p.added)} new`,
    p.priceChanged && `${n(p.priceChanged)} repriced`,
    p.gradeChanged && `${n(p.gradeChanged)} regraded`,
    p.withdrawn && `${n(p.withdrawn)} withdrawn`,
  ].filter(Boolean);
  const verb = r.dryRun ? 'would be' : '';
  return [
    changed.length ? `${changed.join(', ')}${verb ? ` (${verb})` : ''}` : 'no changes',
    p.rowsWithErrors ? `${n(p.rowsWithErrors)} row${p.rowsWithErrors === 1 ? '' : 's'} refused` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

const SOURCE = (s: ImportRun['source']) => IMPORT_SOURCE_LABELS[s].replace(/^./, (c) => c.toUpperCase());

export default function AdminImports({ loaderData }: Route.ComponentProps) {
  const { runs, maxBytes, suppliers, categories } = loaderData;
  useFollowWhile(runs.some(isLive));
  return (
    <>
      <AdminHeading title="Imports" />
      <ImportUpload maxBytes={maxBytes} />
      <SupplierCategories data={categories} />
      <SupplierPulls suppliers={suppliers} />
      <ListTable
        caption="Feed imports, newest first"
        columns={['Started', 'Supplier', 'File', 'Kind', 'By', 'State', 'Result']}
        rows={runs.length}
        empty={
          <>
            No imports yet. Upload a supplier&rsquo;s feed above, or run <code>npm run import</code>.
          </>
        }
        minWidth={860}
      >
        {runs.map((r) => (
          <tr key={r.id} className="border-b border-hairline align-top last:border-0">
            <td className="whitespace-nowrap px-3 py-2">
              <Link to={`/admin/imports/${r.id}`} className="underline">
                {when.format(new Date(r.createdAt))}
              </Link>
            </td>
            <td className="px-3 py-2 font-mono text-xs">{r.supplier}</td>
            <td className="max-w-[14rem] break-all px-3 py-2">
              {r.fileName} <span className="text-xs text-muted">({fileSize(r.fileBytes)})</span>
            </td>
            <td className="whitespace-nowrap px-3 py-2">
              {IMPORT_KIND_LABELS[r.kind]} · {r.dryRun ? 'dry run' : 'apply'}
              {r.full ? ' · full' : ''}
            </td>
            <td className="px-3 py-2 text-xs">{r.staff ?? SOURCE(r.source)}</td>
            <td className="px-3 py-2">
              <ImportStateBadge run={r} />
              <div className="mt-1">
                <ImportProgress run={r} />
              </div>
            </td>
            <td className="px-3 py-2 text-xs">{outcome(r)}</td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
