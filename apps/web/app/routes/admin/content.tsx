import { stateText } from '~/features/admin/content/post-state.ts';
import { Link } from 'react-router';
import { CONTENT_KIND_LABELS } from '@facet/contracts/content';
import type { Route } from './+types/content';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /content');
}
export const ErrorBoundary = AdminRouteError;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function AdminContent({ loaderData: pages }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Pages">
        <div className="flex gap-3">
          <Link to="/admin/content/home" className="btn-secondary py-1.5 text-sm">
            Home page
          </Link>
          <Link to="/admin/content/blog/new" className="btn-secondary py-1.5 text-sm">
            New journal post
          </Link>
        </div>
      </AdminHeading>
      <p className="mb-4 max-w-3xl text-sm text-muted">
        The home page’s first screen and tiles, the policy pages and the journal. Text is Markdown; store facts
        (shipping, returns, lead times) are placeholders, so a change in Store settings reaches every page.
      </p>
      <ListTable
        caption="Pages, policies first"
        columns={['Page', 'Kind', 'Last changed', 'In the store']}
        rows={pages.length}
        empty="No pages yet."
      >
        {pages.map((p) => (
          <tr key={`${p.kind}/${p.slug}`} className="border-t border-hairline">
            <td className="px-3 py-2">
              <Link to={`/admin/content/${p.kind}/${p.slug}`} className="font-medium text-primary underline">
                {p.title}
              </Link>
            </td>
            <td className="px-3 py-2">
              {CONTENT_KIND_LABELS[p.kind]}
              {p.state === 'published' ? '' : ` · ${stateText(p, when)}`}
            </td>
            <td className="px-3 py-2 text-muted">
              {p.updatedAt ? `${when.format(new Date(p.updatedAt))} · ${p.updatedBy}` : 'The store’s original text'}
            </td>
            <td className="px-3 py-2 text-right">
              {p.state !== 'published' ? (
                <span className="text-muted">—</span>
              ) : (
                <a href={p.href} target="_blank" rel="noreferrer" className="text-primary underline">
                  View<span className="sr-only"> {p.title} in the store</span>
                </a>
              )}
            </td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
