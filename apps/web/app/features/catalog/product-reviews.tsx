import type { ProductReviews } from '@facet/contracts/reviews';
import { starsText } from '@facet/contracts/stars';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** Buyers' reviews of this design, as staff approved them: newest first, with their photographs (loaded lazily). */
export function ProductReviewsSection({ reviews: r }: { reviews: ProductReviews }) {
  return (
    <section aria-labelledby="reviews" className="mt-14 border-t border-hairline pt-10">
      <h2 id="reviews" className="font-display text-3xl">
        Reviews
      </h2>
      {r.count && r.average !== null ? (
        <p className="mt-2 text-sm">
          <span aria-hidden="true" className="text-primary">
            {starsText(r.average)}
          </span>{' '}
          {r.average.toFixed(1)} out of 5 · {r.count} review{r.count === 1 ? '' : 's'} from buyers
        </p>
      ) : (
        <p className="mt-2 text-sm text-muted">
          No reviews yet. Buyers of this piece can write one once it is delivered.
        </p>
      )}
      <ul className="mt-6 grid gap-8 lg:grid-cols-2">
        {r.reviews.map((v) => (
          <li key={v.id}>
            <article aria-label={`${v.stars} out of 5 stars, from ${v.name}`}>
              <p aria-hidden="true" className="text-primary">
                {starsText(v.stars)}
              </p>
              <p className="mt-1 text-sm">
                <span className="font-medium">{v.name}</span> · Verified buyer
                {v.bought ? <span className="text-muted"> · {v.bought}</span> : null}
                <span className="text-muted"> · {day(v.createdAt)}</span>
              </p>
              <p className="mt-2 whitespace-pre-line">{v.body}</p>
              {v.photos.length ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  {v.photos.map((ph, i) => (
                    <a key={ph.small} href={ph.large} target="_blank" rel="noopener">
                      <img
                        src={ph.small}
                        alt={`Photograph ${i + 1} from ${v.name}`}
                        loading="lazy"
                        decoding="async"
                        width={96}
                        height={Math.round((96 * ph.height) / ph.width)}
                        className="h-24 w-24 object-cover"
                      />
                    </a>
                  ))}
                </div>
              ) : null}
              {v.answer ? (
                <p className="mt-3 border-l-2 border-hairline pl-3 text-sm text-muted">
                  <span className="font-medium text-ink">Facet replied:</span> {v.answer}
                </p>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
