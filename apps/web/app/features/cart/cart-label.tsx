/** The header's Cart label; the item count arrives with the cart feature. */
export function CartLabel() {
  return <span>Cart</span>;
}
