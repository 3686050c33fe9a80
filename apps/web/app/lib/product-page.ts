import type { ProductDetail } from '@facet/contracts/catalog';

export type Variant = ProductDetail['variants'][number];
/** Another variant of the piece: enough to find it by metal, size and length and go to its page. */
export type VariantChoice = Pick<Variant, 'id' | 'metal' | 'fingerSize' | 'lengthIn'>;

/**
 * A product as its page reads it: the variant on show in full, every variant (the first is the
 * design's address) as a choice. A page's data travels to the browser with it, and the others'
 * SKUs, prices and stock are only ever shown on their own pages.
 */
export type ProductPage = Omit<ProductDetail, 'variants' | 'selectedProductId'> & {
  selected: Variant;
  variants: VariantChoice[];
  /**
   * A piece sold as it is: the variant its card's "from" prices, when it costs less than the one on
   * show (the page names it and links to it). Null when the one on show is the least.
   */
  cheapest: Pick<Variant, 'id' | 'priceCents' | 'wasCents' | 'metalName' | 'fingerSize' | 'lengthIn'> | null;
};

export function productPage({ variants, selectedProductId, ...rest }: ProductDetail): ProductPage {
  const selected = variants.find((v) => v.id === selectedProductId);
  if (!selected) throw new Error(`Variant ${selectedProductId} is not one of the product's`);
  const least = variants.reduce((a, b) => (b.priceCents < a.priceCents ? b : a), selected);
  return {
    ...rest,
    selected,
    cheapest:
      rest.configuration || least.priceCents >= selected.priceCents
        ? null
        : {
            id: least.id,
            priceCents: least.priceCents,
            wasCents: least.wasCents,
            metalName: least.metalName,
            fingerSize: least.fingerSize,
            lengthIn: least.lengthIn,
          },
    variants: variants.map(({ id, metal, fingerSize, lengthIn }) => ({ id, metal, fingerSize, lengthIn })),
  };
}
