import { useWishlist } from '~/lib/wishlist-store.ts';
import { CountBadge } from '~/components/ui/count-badge.tsx';

/** The header's Wishlist label with how many pieces are saved. */
export function WishlistLabel() {
  const n = useWishlist().wishlist?.count ?? 0;
  return (
    <>
      <span>Wishlist</span>
      <CountBadge n={n} testId="wishlist-count" spoken="saved" />
    </>
  );
}
