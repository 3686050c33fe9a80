import { Link } from 'react-router';
import type { Route } from './+types/product-new';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { NewDesignForm } from '~/features/admin/catalogue/new-design-form.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /design-options');
}
export const ErrorBoundary = AdminRouteError;

export default function NewDesignPage({ loaderData: options }: Route.ComponentProps) {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/products" className="text-primary underline">
          ← Products
        </Link>
      </p>
      <AdminHeading title="New design" />
      <NewDesignForm options={options} />
    </>
  );
}
