import { useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { REVIEW_STATUSES, type ReviewStatus } from '@facet/contracts/reviews';
import { starsText } from '@facet/contracts/stars';
import type { Route } from './+types/reviews';
import { adminApi, adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const status = new URL(request.url).searchParams.get('status');
  return adminLoad(request, 'GET /reviews', {
    query: REVIEW_STATUSES.includes(status as ReviewStatus) ? { status: status as ReviewStatus } : {},
  });
}
export const ErrorBoundary = AdminRouteError;

const LABEL: Record<ReviewStatus, string> = { pending: 'Waiting', approved: 'Shown', hidden: 'Hidden' };
const when = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Buyers' reviews: waiting ones first; shown on the piece's page once approved; hidden ones never. */
export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { reviews, counts } = loaderData;
  const [params] = useSearchParams();
  const { revalidate } = useRevalidator();
  const [error, setError] = useState('');
  const current = params.get('status');
  const act = async (work: () => Promise<unknown>) => {
    setError('');
    try {
      await work();
      await revalidate();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'That did not work. Please try again.');
    }
  };
  return (
    <>
      <AdminHeading title="Reviews" />
      <nav aria-label="Reviews by state" className="mb-4 flex flex-wrap gap-2 text-sm">
        {[null, ...REVIEW_STATUSES].map((s) => (
          <Link
            key={s ?? 'all'}
            to={s ? `?status=${s}` : '?'}
            aria-current={current === s || (!current && !s) ? 'page' : undefined}
            className="border border-hairline bg-white px-3 py-1 aria-[current=page]:border-primary aria-[current=page]:text-primary"
          >
            {s ? `${LABEL[s]} (${counts[s]})` : `All (${counts.pending + counts.approved + counts.hidden})`}
          </Link>
        ))}
      </nav>
      {error && (
        <p role="alert" className="mb-3 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      {reviews.length === 0 ? (
        <p className="border border-hairline bg-white p-4 text-sm text-muted">
          No reviews here. Buyers are invited to review in the e-mail that tells them their order was delivered.
        </p>
      ) : (
        <ul className="space-y-3">
          {reviews.map((r) => (
            <li key={r.id} className="border border-hairline bg-white p-4" data-testid="review-row">
              <article aria-label={`Review by ${r.name} of ${r.title}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="text-sm">
                    <span aria-label={`${r.stars} out of 5 stars`} className="text-primary">
                      {starsText(r.stars)}
                    </span>{' '}
                    <span className="font-medium">{r.name}</span> ({r.email}) ·{' '}
                    <Link to={`/admin/orders/${r.orderNumber}`} className="text-primary underline">
                      {r.orderNumber}
                    </Link>{' '}
                    · {when(r.createdAt)}
                  </p>
                  <span
                    className={`text-xs font-medium ${r.status === 'pending' ? 'text-danger' : r.status === 'approved' ? 'text-primary' : 'text-muted'}`}
                  >
                    {LABEL[r.status]}
                  </span>
                </div>
                <p className="mt-1 text-sm text-muted">
                  {r.href ? (
                    <Link to={r.href} className="underline">
                      {r.title}
                    </Link>
                  ) : (
                    r.title
                  )}
                  {r.bought ? ` · ${r.bought}` : ''}
                </p>
                <p className="mt-2 whitespace-pre-line text-sm">{r.body}</p>
                {r.photos.length > 0 && (
                  <div className="mt-2 flex flex-wrap gap-2">
                    {r.photos.map((p, i) => (
                      <a key={p.small} href={p.large} target="_blank" rel="noopener">
                        <img
                          src={p.small}
                          alt={`Photograph ${i + 1}`}
                          loading="lazy"
                          className="h-20 w-20 object-cover"
                        />
                      </a>
                    ))}
                  </div>
                )}
                {r.answer && (
                  <p className="mt-2 border-l-2 border-hairline pl-3 text-sm text-muted">Our answer: {r.answer}</p>
                )}
                <div className="mt-3 flex flex-wrap items-start gap-3">
                  {r.status !== 'approved' && (
                    <button
                      type="button"
                      className="btn-primary py-1.5"
                      onClick={() =>
                        act(() =>
                          adminApi('POST /reviews/:id/status', { params: { id: r.id }, body: { status: 'approved' } }),
                        )
                      }
                    >
                      Approve<span className="sr-only"> the review by {r.name}</span>
                    </button>
                  )}
                  {r.status !== 'hidden' && (
                    <button
                      type="button"
                      className="btn-secondary py-1.5"
                      onClick={() =>
                        act(() =>
                          adminApi('POST /reviews/:id/status', { params: { id: r.id }, body: { status: 'hidden' } }),
                        )
                      }
                    >
                      Hide<span className="sr-only"> the review by {r.name}</span>
                    </button>
                  )}
                </div>
                <form
                  method="post"
                  aria-label={`Answer ${r.name}`}
                  className="mt-3"
                  onSubmit={(e) => {
                    e.preventDefault();
                    const answer = String(new FormData(e.currentTarget).get('answer') ?? '');
                    void act(() => adminApi('PUT /reviews/:id/answer', { params: { id: r.id }, body: { answer } }));
                  }}
                >
                  <label className="block text-sm">
                    <span className="mb-1 block font-medium">Our answer, shown under the review (empty: none)</span>
                    <textarea
                      name="answer"
                      defaultValue={r.answer ?? ''}
                      className="field min-h-16 text-sm"
                      maxLength={2000}
                    />
                  </label>
                  <button type="submit" className="btn-secondary mt-2 py-1.5">
                    Save answer<span className="sr-only"> to {r.name}</span>
                  </button>
                </form>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
