import type { PageHandle } from '~/lib/content-first.ts';
import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { pageMeta } from '~/lib/page-meta.ts';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { AdminShell } from '~/features/admin/shared/admin-shell.tsx';
import { BACK_OFFICE } from '~/features/admin/shared/nav.ts';

/** Its first screen comes from its code: the scripts start at once (lib/content-first.ts). */
export const handle: PageHandle = { scriptsFirst: true };

export const meta: Route.MetaFunction = () => pageMeta({ title: BACK_OFFICE, noindex: true });

// Staff pages load in the browser with the staff cookie; the server renders only the fallback.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { me: await adminLoad(request, 'GET /auth/me') };
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

// A page that cannot load says why, with the way back (also when the member's own record fails).
export const ErrorBoundary = AdminRouteError;
