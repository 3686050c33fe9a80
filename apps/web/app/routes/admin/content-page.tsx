import { stateText } from '~/features/admin/content/post-state.ts';
import { Link } from 'react-router';
import { CONTENT_KIND_LABELS, contentHref, type AdminContentPage, type ContentKind } from '@facet/contracts/content';
import type { Route } from './+types/content-page';
import { ContentEditor } from '~/features/admin/content/content-editor.tsx';
import { PostVisibility } from '~/features/admin/content/post-visibility.tsx';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const blank = (kind: ContentKind): AdminContentPage => ({
  kind,
  slug: '',
  title: '',
  description: '',
  body: '',
  date: new Date().toISOString().slice(0, 10),
  version: 0,
  hidden: false,
  draft: true,
  publishAt: null,
  state: 'draft',
  deletable: true,
  updatedAt: null,
  updatedBy: null,
  href: contentHref(kind, ''),
});

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const kind = params.kind === 'policies' ? 'policies' : 'blog';
  if (kind === 'blog' && params.slug === 'new') return { page: blank(kind), isNew: true };
  return {
    page: await adminLoad(request, 'GET /content/:kind/:slug', { params: { kind, slug: params.slug } }),
    isNew: false,
  };
}
export const ErrorBoundary = AdminRouteError;

export default function AdminContentPage({ loaderData: { page, isNew } }: Route.ComponentProps) {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/content" className="text-primary underline">
          ← Pages
        </Link>
      </p>
      <AdminHeading title={isNew ? 'New journal post' : page.title}>
        {!isNew && (
          <div className="flex flex-wrap items-center gap-3">
            {page.state === 'published' && (
              <a href={page.href} target="_blank" rel="noreferrer" className="text-sm text-primary underline">
                View in the store
              </a>
            )}
            {page.kind === 'blog' && <PostVisibility page={page} />}
          </div>
        )}
      </AdminHeading>
      <p className="mb-4 text-sm text-muted">
        {CONTENT_KIND_LABELS[page.kind]}
        {page.state === 'hidden' ? ' · taken off the journal: shoppers cannot read it' : ''}
        {page.state === 'draft' && !isNew ? ' · a draft: shoppers cannot read it yet' : ''}
        {page.state === 'scheduled' ? ` · ${stateText(page, when)}: shoppers cannot read it before then` : ''}
        {page.updatedBy ? ` · last saved by ${page.updatedBy}` : isNew ? '' : ' · the store’s original text'}
      </p>
      <ContentEditor key={`${page.slug}-${page.version}`} page={page} isNew={isNew} />
    </>
  );
}
