import type { Route } from './+types/quote';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { AdminQuotePage } from '~/features/admin/quotes/quote-page.tsx';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /quotes/:number', { params: { number: params.number } });
}
export const ErrorBoundary = AdminRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <AdminQuotePage loaderData={loaderData} />;
}
