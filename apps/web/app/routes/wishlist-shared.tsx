import { data, Link } from 'react-router';
import type { Route } from './+types/wishlist-shared';
import type { SharedWishlist } from '@facet/contracts/wishlist';
import { apiRequest, ApiError } from '~/lib/api.ts';
import { hostContext } from '~/lib/host-context.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { RouteErrorPage } from '~/features/layout/route-error.tsx';
import { WishEntry } from '~/features/wishlist/wish-entry.tsx';

// The link is the key to the list: it must not sit in a shared cache (its Referrer-Policy is
// no-referrer, as on every page whose address carries a secret: contracts/secret-routes.ts).
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ params, context }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  try {
    return await apiRequest<SharedWishlist>(`/wishlist/shared/${encodeURIComponent(params.token)}`, {}, host);
  } catch (e) {
    if (e instanceof ApiError && e.status < 500)
      throw data({ message: 'This wishlist link is no longer valid. Ask for a new one.' }, { status: 404 });
    throw e;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData?.ownerName ? `${loaderData.ownerName}’s wishlist` : 'A shared wishlist',
    noindex: true,
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  const { items, ownerName } = loaderData;
  return (
    <div className="mx-auto max-w-site px-4 pb-24 pt-10 lg:px-8">
      <p className="eyebrow text-muted">Shared with you</p>
      <h1 className="mt-2 font-display text-5xl">{ownerName ? `${ownerName}’s wishlist` : 'A wishlist'}</h1>
      <p className="mt-3 max-w-prose text-muted">
        Prices and availability are today’s. Anything you add goes to your own cart.
      </p>
      {items.length === 0 ? (
        <p className="mt-10 border border-dashed border-hairline px-6 py-16 text-center font-display text-2xl">
          Nothing is saved on this list yet.
        </p>
      ) : (
        <ul className="mt-8 max-w-3xl divide-y divide-hairline border-y border-hairline">
          {items.map((e) => (
            <WishEntry key={e.id} entry={e} removable={false} />
          ))}
        </ul>
      )}
      <Link to="/" className="mt-6 inline-block text-sm text-primary underline-offset-4 hover:underline">
        Visit the store
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFoundTitle="This wishlist link no longer works"
      detail="Its owner may have made a new link. Ask them to send it again."
      links={[{ label: 'Home', href: '/' }]}
    />
  );
}
