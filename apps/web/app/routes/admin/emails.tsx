import { Link } from 'react-router';
import type { Route } from './+types/emails';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /mail-words');
}
export const ErrorBoundary = AdminRouteError;

export default function AdminEmails({ loaderData: words }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="E-mails" />
      <p className="mb-4 max-w-3xl text-sm text-muted">
        The words at the top of the e-mails customers read most. The facts of each message (an order’s number, a
        tracking number) are placeholders; what must be exact — lines, totals, delivery and return promises, buttons —
        the store writes after your words.
      </p>
      <ListTable
        caption="E-mails customers receive"
        columns={['E-mail', 'Subject', 'Words']}
        rows={words.length}
        empty="No e-mails."
      >
        {words.map((w) => (
          <tr key={w.kind} className="border-t border-hairline">
            <td className="px-3 py-2">
              <Link to={`/admin/emails/${w.kind}`} className="font-medium text-primary underline">
                {w.label}
              </Link>
            </td>
            <td className="px-3 py-2 text-muted">{w.subject}</td>
            <td className="px-3 py-2">{w.edited ? 'Yours' : 'The store’s own'}</td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
