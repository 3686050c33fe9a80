import { useWishlist } from '~/lib/wishlist-store.ts';

/** The header's Wishlist label with how many pieces are saved. */
export function WishlistLabel() {
  const { wishlist } = useWishlist();
  const n = wishlist?.count ?? 0;
  return (
    <>
      <span>Wishlist</span>
      {n > 0 && (
        <span
          data-testid="wishlist-count"
          className="absolute right-0 top-[-0.35rem] min-w-[1.1rem] rounded-full bg-primary px-1 text-center text-[0.65rem] font-semibold leading-[1.1rem] text-white sm:right-1"
        >
          {n}
          <span className="sr-only"> saved</span>
        </span>
      )}
    </>
  );
}
