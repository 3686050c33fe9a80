import { Form, useSearchParams } from 'react-router';
import type { Route } from './+types/audit';
import { Pagination } from '~/components/ui/pagination.tsx';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { queryFrom } from '~/features/admin/shared/list-params.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /audit', { query: queryFrom(request, ['entity', 'staff', 'page']) });
}
export const ErrorBoundary = AdminRouteError;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const show = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

export default function AdminAudit({ loaderData: log }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <>
      <AdminHeading title="Audit log">
        <p className="text-sm text-muted">{log.count.toLocaleString()} entries · append-only</p>
      </AdminHeading>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3 border border-hairline bg-white p-3">
        <label className="text-xs text-muted">
          What
          <select name="entity" defaultValue={params.get('entity') ?? ''} className="field mt-1 py-2">
            <option value="">Everything</option>
            <option value="order">Orders</option>
            <option value="staff">Staff</option>
            <option value="setting">Settings</option>
          </select>
        </label>
        <label className="text-xs text-muted">
          Staff e-mail
          <input name="staff" type="email" defaultValue={params.get('staff') ?? ''} className="field mt-1 py-2" />
        </label>
        <button type="submit" className="btn-primary py-2">
          Filter
        </button>
      </Form>
      <ListTable
        caption="Audit entries, newest first"
        columns={['When', 'Who', 'Action', 'On', 'Before', 'After']}
        rows={log.rows.length}
        empty={
          params.get('entity') || params.get('staff')
            ? 'Nothing recorded matches these filters.'
            : 'Nothing recorded yet: every change staff make is listed here.'
        }
        minWidth={720}
      >
        {log.rows.map((e) => (
          <tr key={e.id} className="border-b border-hairline align-top last:border-0">
            <td className="whitespace-nowrap px-3 py-2">{when.format(new Date(e.at))}</td>
            <td className="px-3 py-2">{e.staffEmail}</td>
            <td className="px-3 py-2 font-mono text-xs">{e.action}</td>
            <td className="px-3 py-2">
              {e.entity} {e.entityId}
            </td>
            <td className="max-w-[14rem] break-all px-3 py-2 font-mono text-xs text-muted">{show(e.before)}</td>
            <td className="max-w-[14rem] break-all px-3 py-2 font-mono text-xs">{show(e.after)}</td>
          </tr>
        ))}
      </ListTable>
      <Pagination
        page={log.page}
        pageSize={log.pageSize}
        count={log.count}
        hrefFor={(p) => {
          const n = new URLSearchParams(params);
          n.set('page', String(p));
          return `/admin/audit?${n}`;
        }}
      />
    </>
  );
}
