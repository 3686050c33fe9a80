import { useState } from 'react';
import { Link } from 'react-router';
import { Heart, Trash2 } from '~/components/icons.tsx';
import type { WishEntry as Entry } from '@facet/contracts/wishlist';
import { formatMoney } from '@facet/contracts/money';
import { AddToCartButton } from '~/components/add-to-cart-button.tsx';
import { reportApiError } from '~/lib/client-api.ts';
import { toast } from '~/lib/toast.ts';
import { removeWish, saveWish } from '~/lib/wishlist-store.ts';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';

/** One saved piece: today's price or why it cannot be bought, Add to Cart, and (for its owner) Remove with undo. */
export function WishEntry({ entry, removable }: { entry: Entry; removable: boolean }) {
  const [busy, setBusy] = useState(false);
  const title = entry.href ? (
    <Link to={entry.href} className="hover:underline">
      {entry.title}
    </Link>
  ) : (
    entry.title
  );
  const { item } = entry;
  // A made-to-order design or a ring still missing its stones is finished on its page, not bought from here.
  const toFinish = !entry.available && !entry.gone && entry.priceCents === null && entry.href;
  return (
    <li className="flex gap-4 py-6 sm:gap-6" data-testid="wish-entry" aria-busy={busy}>
      <div className="h-24 w-24 shrink-0 bg-panel sm:h-32 sm:w-32">
        <img
          src={entry.image}
          alt=""
          width={128}
          height={128}
          loading="lazy"
          className={`h-full w-full ${entry.gone ? 'opacity-50' : ''}`}
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-4 sm:gap-6">
          <h2 className="min-w-0 flex-1 font-sans text-base font-medium">{title}</h2>
          <p className="shrink-0 whitespace-nowrap font-medium" data-testid="wish-price">
            {entry.gone ? (
              <span className="text-danger">
                {entry.kind === 'diamond' || entry.kind === 'gemstone' ? 'Sold' : 'Unavailable'}
              </span>
            ) : entry.priceCents !== null ? (
              formatMoney(entry.priceCents, { exact: true })
            ) : null}
          </p>
        </div>
        <ul className="mt-1 space-y-0.5 text-xs text-muted">
          {entry.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
        {entry.message && (
          <p className={`mt-2 text-sm ${entry.gone ? 'font-medium text-danger' : 'text-muted'}`}>{entry.message}</p>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-x-5 gap-y-2 pt-3">
          {entry.available ? (
            <AddToCartButton
              item={item}
              className="btn-primary px-5 py-2 text-sm"
              ariaLabel={`Add to Cart: ${entry.title}`}
              what={entry.title}
            />
          ) : toFinish ? (
            <Link to={entry.href!} className="btn-secondary px-5 py-2 text-sm">
              Finish designing
            </Link>
          ) : null}
          {removable && (
            <button
              type="button"
              className="inline-flex items-center gap-1 text-sm text-muted hover:text-danger"
              disabled={busy}
              aria-label={`Remove ${entry.title} from your wishlist`}
              onClick={async () => {
                setBusy(true);
                try {
                  await removeWish(entry.id);
                  toast('Removed from your wishlist', {
                    action: { label: 'Undo', onClick: () => void saveWish(item).catch(reportApiError) },
                  });
                } catch (err) {
                  reportApiError(err);
                } finally {
                  setBusy(false);
                }
              }}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Remove
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

export function EmptyWishlist() {
  return (
    <div className="mt-10 border border-dashed border-hairline px-6 py-16 text-center">
      <Heart aria-hidden="true" className="mx-auto h-10 w-10 text-muted" strokeWidth={1.4} />
      <p className="mt-4 font-display text-3xl">Your wishlist is empty</p>
      <p className="mt-2 text-muted">
        Tap the heart on a ring, a diamond or a gemstone to keep it here, with its price today.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.category(CATEGORY.engagement)} className="btn-primary">
          Engagement rings
        </Link>
        <Link to="/diamonds" className="btn-secondary">
          Loose diamonds
        </Link>
      </div>
    </div>
  );
}
