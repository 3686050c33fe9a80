import type { ProductPage } from '~/lib/product-page.ts';
import { facetName } from './facet-labels.ts';
import { ProductCard, ProductGrid } from './product-card.tsx';

/** Description, specifications and related pieces, below the fold of a product page. */
export function ProductDetails({ product: p, weightG }: { product: ProductPage; weightG: number }) {
  return (
    // Below the fold: styled and laid out as it nears the viewport, not in the page's first work.
    <div className="[contain-intrinsic-size:auto_1450px] [content-visibility:auto] md:[contain-intrinsic-size:auto_900px]">
      <section className="mt-16 grid gap-10 border-t border-hairline pt-10 md:grid-cols-2" aria-label="Details">
        <div>
          <h2 className="text-2xl">Description</h2>
          <p className="mt-3 leading-relaxed text-ink/85">{p.longDescription}</p>
        </div>
        <div>
          <h2 className="text-2xl">Specifications</h2>
          <dl className="mt-3 divide-y divide-hairline text-sm">
            <div className="flex justify-between gap-6 py-2">
              <dt className="text-muted">Style number</dt>
              <dd>{p.series}</dd>
            </div>
            {/* A supplier's product may come without a weight: no row rather than "0 g". */}
            {weightG > 0 && (
              <div className="flex justify-between gap-6 py-2">
                <dt className="text-muted">Approx. weight</dt>
                <dd>{weightG} g</dd>
              </div>
            )}
            {p.attributes
              .filter((a) => a.label !== 'metal type')
              .map((a) => (
                <div key={a.label} className="flex justify-between gap-6 py-2">
                  <dt className="text-muted">{facetName(a.label)}</dt>
                  <dd className="text-right">{a.values.join(', ')}</dd>
                </div>
              ))}
          </dl>
        </div>
      </section>

      {p.related.length > 0 && (
        <section className="mt-16" aria-labelledby="related">
          <h2 id="related" className="text-2xl md:text-3xl">
            You may also like
          </h2>
          <ProductGrid className="mt-6 grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-4">
            {p.related.map((r) => (
              <ProductCard key={r.groupId} card={r} />
            ))}
          </ProductGrid>
        </section>
      )}
    </div>
  );
}
