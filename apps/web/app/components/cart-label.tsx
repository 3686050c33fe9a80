import { useEffect } from 'react';
import { useCart, fetchCart } from '~/lib/cart-store.ts';
import { CountBadge } from '~/components/ui/count-badge.tsx';

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
      <CountBadge n={n} testId="cart-count" spoken={n === 1 ? 'item in cart' : 'items in cart'} />
    </>
  );
}
