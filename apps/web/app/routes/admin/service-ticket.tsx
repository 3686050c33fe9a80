import type { Route } from './+types/service-ticket';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { AdminServiceTicket } from '~/features/admin/service/ticket-page.tsx';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /service-tickets/:number', { params: { number: params.number } });
}
export const ErrorBoundary = AdminRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <AdminServiceTicket loaderData={loaderData} />;
}
