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
};

export function productPage({ variants, selectedProductId, ...rest }: ProductDetail): ProductPage {
  const selected = variants.find((v) => v.id === selectedProductId);
  if (!selected) throw new Error(`Variant ${selectedProductId} is not one of the product's`);
  return {
    ...rest,
    selected,
    variants: variants.map(({ id, metal, fingerSize, lengthIn }) => ({ id, metal, fingerSize, lengthIn })),
  };
}
