import { useEffect } from 'react';
import { useCart, fetchCart } from '~/lib/cart-store.ts';

/** The header's Cart label with the item count. */
export function CartLabel() {
  const { cart } = useCart();
  useEffect(() => {
    fetchCart().catch(() => {});
  }, []);
  const n = cart?.count ?? 0;
  return (
    <>
      <span>Cart</span>
      {n > 0 && (
        <span
          data-testid="cart-count"
          className="absolute right-0 top-[-0.35rem] min-w-[1.1rem] rounded-full bg-primary px-1 text-center text-[0.65rem] font-semibold leading-[1.1rem] text-white sm:right-1"
        >
          {n}
          <span className="sr-only"> {n === 1 ? 'item' : 'items'} in cart</span>
        </span>
      )}
    </>
  );
}
