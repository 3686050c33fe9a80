import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { WishItem } from '@facet/contracts/wishlist';
import { reportApiError } from '~/lib/client-api.ts';
import { toast } from '~/lib/toast.ts';
import { isSaved, saveWish, unsaveWish, useWishlist } from '~/lib/wishlist-store.ts';

/**
 * The heart that saves a piece, stone or configured ring to the wishlist (and takes it off again,
 * with an undo). `icon` is the round button over a card or in a row; `button` the full-width one
 * beside Add to Cart.
 */
const HEART =
  'M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5';

export function WishHeart({
  item,
  what,
  look = 'icon',
  className = '',
}: {
  item: WishItem | null;
  /** Names the item for screen readers: "Save {what} to your wishlist". */
  what: string;
  look?: 'icon' | 'button';
  className?: string;
}) {
  const navigate = useNavigate();
  const wishes = useWishlist();
  const [busy, setBusy] = useState(false);
  const saved = !!item && isSaved(wishes, item);

  async function toggle() {
    if (!item) return;
    setBusy(true);
    try {
      if (saved) {
        await unsaveWish(item);
        toast('Removed from your wishlist', {
          action: { label: 'Undo', onClick: () => void saveWish(item).catch(reportApiError) },
        });
      } else {
        const w = await saveWish(item);
        toast.success('Saved to your wishlist', {
          description: `${w.count} ${w.count === 1 ? 'piece' : 'pieces'} saved`,
          action: { label: 'View wishlist', onClick: () => navigate('/wishlist') },
        });
      }
    } catch (err) {
      reportApiError(err);
    } finally {
      setBusy(false);
    }
  }

  // Plain SVG (lucide's heart outline): one on every product card, so no icon component per card.
  const icon = (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={look === 'icon' ? 'h-[1.1rem] w-[1.1rem]' : 'h-5 w-5'}
      fill={saved ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={HEART} />
    </svg>
  );
  if (look === 'button')
    return (
      <button
        type="button"
        className={`btn-secondary inline-flex items-center justify-center gap-2 ${className}`}
        aria-pressed={saved}
        aria-busy={busy}
        disabled={busy || !item}
        onClick={toggle}
        data-testid="wish-heart"
      >
        {icon}
        {saved ? 'Saved to your wishlist' : 'Save to wishlist'}
      </button>
    );
  return (
    <button
      type="button"
      className={`inline-flex h-9 w-9 items-center justify-center rounded-full text-ink hover:text-primary focus-visible:text-primary ${saved ? 'text-primary' : ''} ${className}`}
      aria-pressed={saved}
      aria-label={`Save ${what} to your wishlist`}
      aria-busy={busy}
      disabled={busy || !item}
      onClick={toggle}
      data-testid="wish-heart"
    >
      {icon}
    </button>
  );
}
