import type { Route } from './+types/return';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { AdminReturnPage } from '~/features/admin/returns/return-page.tsx';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /returns/:number', { params: { number: params.number } });
}
export const ErrorBoundary = AdminRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <AdminReturnPage loaderData={loaderData} />;
}
