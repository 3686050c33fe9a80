import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '~/lib/toast.ts';
import type { AddItemInput } from '@facet/contracts/commerce';
import { reportApiError } from '~/lib/client-api.ts';
import { addToCart, resetAdded, useCart } from '~/lib/cart-store.ts';

/**
 * "Add to Cart" for any kind of line; confirms with a link to the cart. A one-of-a-kind stone already
 * in the cart cannot be added twice, so its button becomes the way to the cart.
 */
export function AddToCartButton({
  item,
  label = 'Add to Cart',
  className = 'btn-primary w-full py-4',
  disabled,
  ariaLabel,
  what,
  children,
}: {
  item: AddItemInput | null;
  label?: string;
  className?: string;
  disabled?: boolean;
  ariaLabel?: string;
  /** How the toast names what was added. */
  what?: string;
  children?: React.ReactNode;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { cart } = useCart();
  // The same on the server and in the browser: a tap held before the scripts ran names this button.
  const domId = `add-to-cart${useId()}`;
  const add = async () => {
    if (!item) return;
    setBusy(true);
    try {
      const cart = await addToCart(item);
      toast.success(`${what ?? 'Added'} ${what ? 'added to your cart' : 'to your cart'}`, {
        description: `${cart.count} ${cart.count === 1 ? 'item' : 'items'} in your cart`,
        action: { label: 'View cart', onClick: () => navigate('/cart') },
      });
      resetAdded();
    } catch (err) {
      reportApiError(err);
    } finally {
      setBusy(false);
    }
  };
  // A tap made before the page's scripts had run (root.tsx holds it): carried out now, once.
  useEffect(() => {
    const held = (window as { __earlyTaps?: string[] }).__earlyTaps;
    if (!held?.includes(domId)) return;
    // Once, on the first render with its code running (after it, as a click would be).
    const later = setTimeout(() => {
      const at = held.indexOf(domId);
      if (at < 0) return;
      held.splice(at, 1);
      document.getElementById(domId)?.removeAttribute('data-queued');
      void add();
    }, 0);
    return () => clearTimeout(later);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const oneOfAKind = item && (item.kind === 'diamond' || item.kind === 'gemstone') ? `${item.kind}:${item.id}` : null;
  if (oneOfAKind && cart?.lines.some((l) => l.key === oneOfAKind)) {
    return (
      <Link to="/cart" className={`${className} inline-flex items-center justify-center`} data-testid="in-cart">
        In your cart — view cart
      </Link>
    );
  }
  return (
    <button
      type="button"
      id={domId}
      data-early-tap=""
      className={className}
      disabled={disabled || busy || !item}
      aria-label={ariaLabel}
      aria-busy={busy}
      onClick={() => void add()}
    >
      {children ?? (busy ? 'Adding…' : label)}
    </button>
  );
}
