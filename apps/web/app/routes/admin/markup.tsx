import { useRevalidator } from 'react-router';
import type { Route } from './+types/markup';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { MarkupEditor } from '~/features/admin/pricing/markup-editor.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /markup-rules');
}
export const ErrorBoundary = AdminRouteError;

export default function AdminMarkup({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  return (
    <>
      <AdminHeading title="Markup" />
      <p className="mb-4 max-w-3xl text-sm text-muted">
        Supplier stones and products (mountings, findings from product feeds) are priced from their cost: the first rule
        matching an item&rsquo;s origin (&ldquo;Products&rdquo; for supplier products), carat and cost decides the
        multiplier and how the price ends. The last rule catches everything else. Costs are never shown to shoppers.
      </p>
      <MarkupEditor key={JSON.stringify(loaderData.rules)} rules={loaderData.rules} onSaved={() => void revalidate()} />
    </>
  );
}
