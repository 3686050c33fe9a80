import { useRouterLinks } from '~/lib/router-links.tsx';
import type { ProductCard as Card } from '@facet/contracts/catalog';
import { formatMoney } from '@facet/contracts/money';
import { starsText } from '@facet/contracts/stars';
import { MetalSwatches } from './metal-swatches.tsx';
import { splitName } from './product-name.ts';
import { WishHeart } from '~/components/wish-heart.tsx';
import { SaleNote, WasPrice } from '~/components/was-price.tsx';

/** A list of product cards: their links are plain anchors the router follows (see useRouterLinks). */
export function ProductGrid({ className, children }: { className: string; children: React.ReactNode }) {
  const links = useRouterLinks();
  return (
    <>
      <ul className={className} {...links.handlers}>
        {children}
      </ul>
      {links.prefetch}
    </>
  );
}

/** What a card shows: all a page keeps of the API's card (the rest would be serialised into the page and never read). */
export type ShownCard = Pick<
  Card,
  'productId' | 'GroupDescription' | 'href' | 'image' | 'priceCents' | 'wasCents' | 'sale' | 'rating' | 'metals'
>;

export const shownCard = ({
  productId,
  GroupDescription,
  href,
  image,
  priceCents,
  wasCents,
  sale,
  rating,
  metals,
}: Card): ShownCard => ({
  productId,
  GroupDescription,
  href,
  image,
  priceCents,
  // Only what is there: an absent field stays absent rather than travelling as undefined.
  ...(wasCents !== undefined && { wasCents }),
  ...(sale && { sale }),
  ...(rating && { rating }),
  metals,
});

export function ProductCard({ card, eager = false }: { card: ShownCard; eager?: boolean }) {
  const [head, tail] = splitName(card.GroupDescription);
  return (
    <li className="group relative" data-testid="product-card">
      <a href={card.href} className="block">
        <div className="aspect-square overflow-hidden bg-panel">
          <img
            src={card.image}
            alt=""
            width={400}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            className="h-full w-full object-cover transition-transform duration-200 group-hover:scale-[1.03]"
          />
        </div>
        {/* On a narrow card the name's end (the shape and carat a setting is made for) stays in view: the middle gives way. */}
        <h3 className="mt-3 min-h-[2.6em] font-sans text-sm leading-snug text-ink group-hover:text-primary sm:line-clamp-2">
          <span className="max-sm:block max-sm:truncate">{head}</span>
          {tail && (
            <>
              {' '}
              <span className="max-sm:block max-sm:truncate">{tail}</span>
            </>
          )}
        </h3>
      </a>
      <p className="mt-1 text-sm font-medium">
        <span className="text-muted">from </span>
        <span className={card.wasCents ? 'text-primary' : undefined}>{formatMoney(card.priceCents)}</span>
        <WasPrice cents={card.wasCents} className="ml-1.5" />
      </p>
      <SaleNote sale={card.sale} className="mt-0.5" />
      {card.rating && (
        <p className="mt-0.5 text-xs text-muted" data-testid="card-rating">
          <span aria-hidden="true" className="text-primary">
            {starsText(card.rating.average)}
          </span>{' '}
          <span className="sr-only">Rated </span>
          {card.rating.average.toFixed(1)}
          <span className="sr-only"> out of 5 from</span> ({card.rating.count}
          <span className="sr-only"> reviews</span>)
        </p>
      )}
      <MetalSwatches metals={card.metals} className="mt-2" />
      <WishHeart
        item={{ kind: 'product', id: card.productId }}
        what={card.GroupDescription}
        className="absolute right-2 top-2 bg-white/85"
      />
    </li>
  );
}
