import type { PageHandle } from '~/lib/content-first.ts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/wishlist';
import { WISHLIST_MAX } from '@facet/contracts/wish-key';
import { pageMeta } from '~/lib/page-meta.ts';
import { openPanel, useAccount } from '~/lib/account-store.ts';
import { reportApiError } from '~/lib/client-api.ts';
import { toast } from '~/lib/toast.ts';
import { loadWishlist, renewShareLink, useWishlist } from '~/lib/wishlist-store.ts';
import { EmptyWishlist, WishEntry } from '~/features/wishlist/wish-entry.tsx';
import { RecentlyViewed } from '~/features/catalog/recently-viewed.tsx';

/** Its first screen comes from its code: the scripts start at once (lib/content-first.ts). */
export const handle: PageHandle = { scriptsFirst: true };

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Your wishlist',
    description: 'The pieces and stones you saved at Facet, with their prices today.',
    noindex: true,
  });

export default function Page() {
  const { wishlist } = useWishlist();
  const { isLoggedIn } = useAccount();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // Always read it here: another tab or device may have changed it.
    void loadWishlist(true).finally(() => setReady(true));
  }, []);
  const items = wishlist?.items ?? [];

  return (
    <div className="mx-auto max-w-site px-4 pb-24 pt-10 lg:px-8">
      <h1 className="font-display text-5xl">Your wishlist</h1>
      {!ready && !wishlist ? (
        <div aria-busy="true" className="mt-10 grid gap-10 lg:grid-cols-[1fr_22rem]">
          <div className="h-64 animate-pulse bg-panel" />
          <div className="h-40 animate-pulse bg-panel" />
        </div>
      ) : items.length === 0 ? (
        <>
          <EmptyWishlist />
          <RecentlyViewed className="mt-16" />
        </>
      ) : (
        <div className="mt-10 grid items-start gap-10 lg:grid-cols-[1fr_22rem]">
          <section aria-label="Saved pieces">
            <p className="text-sm text-muted" data-testid="wish-count">
              {items.length} {items.length === 1 ? 'piece' : 'pieces'} saved · prices are today’s
              {items.length > WISHLIST_MAX - 50 ? ` · a wishlist holds up to ${WISHLIST_MAX}` : ''}
            </p>
            <ul className="mt-4 divide-y divide-hairline border-y border-hairline">
              {items.map((e) => (
                <WishEntry key={e.id} entry={e} removable />
              ))}
            </ul>
            <Link to="/" className="mt-6 inline-block text-sm text-primary underline-offset-4 hover:underline">
              Continue shopping
            </Link>
          </section>
          <aside className="space-y-6 lg:sticky lg:top-28">
            {wishlist?.shareToken && <ShareBox token={wishlist.shareToken} />}
            {!isLoggedIn && (
              <div className="border border-hairline p-6 text-sm">
                <p className="font-medium">Keep it on every device</p>
                <p className="mt-1 text-muted">Sign in and the pieces you saved here join your account’s wishlist.</p>
                <button type="button" className="btn-secondary mt-4 w-full py-2.5" onClick={() => openPanel('login')}>
                  Sign in
                </button>
              </div>
            )}
          </aside>
        </div>
      )}
    </div>
  );
}

/** The read-only link for a partner, with Copy and a way to retire it. */
function ShareBox({ token }: { token: string }) {
  const [busy, setBusy] = useState(false);
  const url = `${typeof window === 'undefined' ? '' : window.location.origin}/wishlist/shared/${token}`;
  return (
    <section aria-labelledby="share-title" className="border border-hairline bg-panel p-6 text-sm">
      <h2 id="share-title" className="font-display text-2xl">
        Share your wishlist
      </h2>
      <p className="mt-2 text-muted">
        Anyone with this link can see your saved pieces and their prices. They cannot change your list.
      </p>
      <label htmlFor="share-url" className="sr-only">
        Share link
      </label>
      <input
        id="share-url"
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-4 w-full border border-hairline bg-white px-3 py-2 text-xs"
        data-testid="share-url"
      />
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-primary flex-1 py-2.5"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(url);
              toast.success('Link copied');
            } catch {
              toast('Select the link and copy it.');
            }
          }}
        >
          Copy link
        </button>
        <button
          type="button"
          className="btn-secondary flex-1 py-2.5"
          disabled={busy}
          onClick={async () => {
            if (!window.confirm('Make a new link? The link you shared before will stop working.')) return;
            setBusy(true);
            try {
              await renewShareLink();
              toast.success('New link made. The old one no longer works.');
            } catch (err) {
              reportApiError(err);
            } finally {
              setBusy(false);
            }
          }}
        >
          New link
        </button>
      </div>
    </section>
  );
}
