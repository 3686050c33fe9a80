import { Link } from 'react-router';
import type { Route } from './+types/product-preview';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ProductView } from '../product.tsx';
import { productPage } from '~/lib/product-page.ts';

// A design's product page as shoppers will see it — drafts included — inside the store's own
// layout, under a bar that says it is a preview. Never indexed, never cached.

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const product = productPage(await adminLoad(request, 'GET /products/:id/preview', { params: { id: params.id } }));
  return {
    product,
    configured: null,
    configError: null,
    publicUrl: window.location.origin,
    jsonLd: undefined,
    reviews: null,
  };
}
export const ErrorBoundary = AdminRouteError;

export function HydrateFallback() {
  return <p className="mx-auto max-w-site px-4 py-16 text-muted lg:px-8">Loading the preview…</p>;
}

export const meta: Route.MetaFunction = () => [
  { title: 'Preview | Facet back office' },
  { name: 'robots', content: 'noindex' },
];

export default function ProductPreview({ loaderData, params }: Route.ComponentProps) {
  return (
    <>
      <div role="status" className="border-b border-hairline bg-ink px-4 py-2 text-center text-sm text-white">
        Preview of the page as shoppers will see it — it is theirs only while the design is published.{' '}
        <Link to={`/admin/products/${params.id}`} className="underline">
          Back to the design
        </Link>
      </div>
      <ProductView loaderData={loaderData} />
    </>
  );
}
