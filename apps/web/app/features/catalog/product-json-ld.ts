import type { ProductPage, Variant } from '~/lib/product-page.ts';
import { CURRENCY } from '@facet/contracts/constants';
import { decimalPrice } from '@facet/contracts/money';
import { breadcrumbJsonLd } from '~/components/ui/breadcrumb.tsx';
import type { ProductReviews } from '@facet/contracts/reviews';

export interface Crumb {
  label: string;
  href?: string;
}

/** schema.org Product and BreadcrumbList for a product page: the price is what the page charges. */
export function productJsonLd(o: {
  product: ProductPage;
  variant: Variant;
  url: string;
  publicUrl: string;
  offerCents: number;
  /** The last day the price holds (a sale's end, YYYY-MM-DD), as schema.org's priceValidUntil. */
  validUntil?: string;
  madeToOrder: boolean;
  /** Sold from what is on hand, and none is left. */
  soldOut?: boolean;
  crumbs: Crumb[];
  /** The approved reviews the page shows (absent or none: no rating is claimed). */
  reviews?: ProductReviews | null;
}) {
  const { product: p, variant, publicUrl } = o;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.GroupDescription,
      sku: variant.sku,
      mpn: p.series,
      description: p.longDescription,
      image: [...p.photos.map((ph) => ph.large), p.images.find((i) => i.metal === variant.metal)?.FullUrl]
        .filter((u): u is string => Boolean(u))
        .map((u) => `${publicUrl}${u}`),
      brand: { '@type': 'Brand', name: 'Facet' },
      offers: {
        '@type': 'Offer',
        url: o.url,
        priceCurrency: CURRENCY,
        price: decimalPrice(o.offerCents),
        ...(o.validUntil ? { priceValidUntil: o.validUntil } : {}),
        availability: o.soldOut
          ? 'https://schema.org/OutOfStock'
          : o.madeToOrder
            ? 'https://schema.org/MadeToOrder'
            : 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
      ...(o.reviews?.count && o.reviews.average !== null
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: o.reviews.average,
              reviewCount: o.reviews.count,
              bestRating: 5,
              worstRating: 1,
            },
            review: o.reviews.reviews.map((r) => ({
              '@type': 'Review',
              author: { '@type': 'Person', name: r.name },
              datePublished: r.createdAt.slice(0, 10),
              reviewBody: r.body,
              reviewRating: { '@type': 'Rating', ratingValue: r.stars, bestRating: 5, worstRating: 1 },
            })),
          }
        : {}),
    },
    breadcrumbJsonLd(o.crumbs, publicUrl),
  ];
}
