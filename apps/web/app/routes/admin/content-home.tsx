import { Link } from 'react-router';
import type { Route } from './+types/content-home';
import { navSections, type MenuSection } from '@facet/contracts/nav';
import type { TilePicture } from '@facet/contracts/home';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { HomeEditor } from '~/features/admin/content/home-editor.tsx';
import { apiRequest } from '~/lib/api.ts';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [page, menu] = await Promise.all([
    adminLoad(request, 'GET /content/home'),
    apiRequest<MenuSection[]>('/menu').then(navSections),
  ]);
  const menuTiles = menu.map((s) => ({
    label: s.title,
    href: s.groups[0]?.items[0]?.href ?? '/',
    picture: s.slug as TilePicture,
  }));
  return { page, menuTiles };
}
export const ErrorBoundary = AdminRouteError;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function AdminContentHome({ loaderData: { page, menuTiles } }: Route.ComponentProps) {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/content" className="text-primary underline">
          ← Pages
        </Link>
      </p>
      <AdminHeading title="Home page" />
      <p className="-mt-2 mb-4 text-sm text-muted">
        {page.updatedAt
          ? `Last changed ${when.format(new Date(page.updatedAt))} by ${page.updatedBy}`
          : 'The store’s original words'}
      </p>
      <HomeEditor key={page.version} page={page} menuTiles={menuTiles} />
    </>
  );
}
