import { Outlet, useRouteError, isRouteErrorResponse, Link } from 'react-router';
import type { StaffMe } from '@facet/contracts/admin';
import type { Route } from './+types/layout';
import { pageMeta } from '~/lib/page-meta.ts';
import { adminLoad, ApiError } from '~/features/admin/admin-api.ts';
import { AdminShell } from '~/features/admin/admin-shell.tsx';
import { BACK_OFFICE } from '~/features/admin/nav.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: BACK_OFFICE, noindex: true });

// Staff pages load in the browser with the staff cookie; the server renders only the fallback.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { me: await adminLoad<StaffMe>('/auth/me', request) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <p className="p-6 text-sm text-muted" role="status">
      Loading the back office…
    </p>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell me={loaderData.me}>
      <Outlet context={loaderData.me} />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : error instanceof ApiError ? error.status : 500;
  const message =
    status === 403
      ? 'Your role does not open this page.'
      : error instanceof ApiError
        ? error.message
        : 'Something went wrong loading this page.';
  return (
    <div className="p-6">
      <h1 className="font-sans text-xl font-semibold">{status === 403 ? 'Not for your role' : 'Could not load'}</h1>
      <p className="mt-2 text-sm text-muted" role="alert">
        {message}
      </p>
      <Link to="/admin" className="btn-secondary mt-4">
        Back office home
      </Link>
    </div>
  );
}
