import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { REVIEW_MAX_CHARS, REVIEW_MAX_PHOTOS, reviewFields, type ReviewableLine } from '@facet/contracts/reviews';
import { starsText } from '@facet/contracts/stars';
import { callApi } from '~/lib/client-api.ts';
import { ApiError } from '~/lib/api.ts';

const STATUS = {
  pending: 'Thank you: we read every review before it appears on the page.',
  approved: 'On the piece’s page now. Thank you.',
  hidden: 'Thank you for your review.',
} as const;

/** Reviewing the pieces of a delivered order: from the delivery e-mail's link, or signed in. */
export function OrderReview() {
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const q = token ? `?token=${encodeURIComponent(token)}` : '';
  const [lines, setLines] = useState<ReviewableLine[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    callApi<{ lines: ReviewableLine[] }>(`/order/${encodeURIComponent(number)}/reviews${q}`)
      .then((d) => setLines(d.lines))
      .catch((e) =>
        setFailure(
          e instanceof ApiError && e.status === 404
            ? 'We could not find that order. Use the link in your delivery e-mail, or sign in to see your orders.'
            : (e as Error).message,
        ),
      );
  }, [number, q]);

  if (failure)
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center" role="alert">
        <h1 className="font-display text-3xl">No pieces to review</h1>
        <p className="mt-3 text-muted">{failure}</p>
        <Link to="/" className="btn-secondary mt-6">
          Continue shopping
        </Link>
      </div>
    );
  if (!lines) return <div aria-busy="true" className="mx-auto my-10 h-96 max-w-site animate-pulse bg-panel" />;
  return (
    <div className="mx-auto max-w-3xl px-4 pb-24 pt-10">
      <h1 className="font-display text-4xl">Review your pieces</h1>
      <p className="mt-2 text-muted">
        Order {number}. Your first name and initial appear with your review, marked as a verified buyer.
      </p>
      <ul className="mt-8 space-y-10">
        {lines.map((l) => (
          <li key={l.lineId} className="border-t border-hairline pt-8">
            <div className="flex gap-4">
              <img src={l.image} alt="" width={96} height={96} className="h-24 w-24 shrink-0 bg-panel object-cover" />
              <div>
                <h2 className="font-sans text-base font-medium">{l.title}</h2>
                <p className="text-sm text-muted">{l.details.join(' · ')}</p>
              </div>
            </div>
            {l.review ? (
              <div className="mt-4" role="status">
                <p aria-label={`${l.review.stars} out of 5 stars`} className="text-primary">
                  {starsText(l.review.stars)}
                </p>
                <p className="mt-1 whitespace-pre-line">{l.review.body}</p>
                <p className="mt-2 text-sm text-muted">{STATUS[l.review.status]}</p>
              </div>
            ) : (
              <ReviewForm
                line={l}
                action={`/order/${encodeURIComponent(number)}/lines/${l.lineId}/review${q}`}
                onDone={setLines}
              />
            )}
          </li>
        ))}
      </ul>
      {lines.length === 0 && <p className="mt-8 text-muted">This order has no pieces to review.</p>}
    </div>
  );
}

function ReviewForm({
  line,
  action,
  onDone,
}: {
  line: ReviewableLine;
  action: string;
  onDone: (lines: ReviewableLine[]) => void;
}) {
  const [stars, setStars] = useState(0);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `review-${line.lineId}`;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const checked = reviewFields.safeParse({ stars, body });
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    if (files.length > REVIEW_MAX_PHOTOS) return setError(`At most ${REVIEW_MAX_PHOTOS} photographs.`);
    const form = new FormData();
    form.set('stars', String(stars));
    form.set('body', checked.data.body);
    for (const f of files) form.append('photo', f);
    setBusy(true);
    setError(null);
    try {
      onDone((await callApi<{ lines: ReviewableLine[] }>(action, { method: 'POST', body: form })).lines);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Your review was not sent. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form method="post" onSubmit={submit} aria-label={`Review of ${line.title}`} className="mt-4 space-y-4">
      <fieldset>
        <legend className="text-sm font-medium">Your rating</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer">
              <input
                type="radio"
                name={`${id}-stars`}
                value={n}
                checked={stars === n}
                onChange={() => setStars(n)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={`block px-1 text-2xl peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-primary ${n <= stars ? 'text-primary' : 'text-hairline'}`}
              >
                ★
              </span>
              <span className="sr-only">
                {n} star{n === 1 ? '' : 's'}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="block text-sm">
        <span className="mb-1 block font-medium">Your review</span>
        <textarea
          className="field min-h-32"
          value={body}
          maxLength={REVIEW_MAX_CHARS}
          onChange={(e) => setBody(e.currentTarget.value)}
          aria-describedby={`${id}-hint`}
        />
        <span id={`${id}-hint`} className="mt-1 block text-xs text-muted">
          Plain words, no links. {body.length.toLocaleString('en-US')} / {REVIEW_MAX_CHARS.toLocaleString('en-US')}
        </span>
      </label>
      <label className="block text-sm">
        <span className="mb-1 block font-medium">Photographs (optional, up to {REVIEW_MAX_PHOTOS})</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          onChange={(e) => setFiles([...(e.currentTarget.files ?? [])])}
        />
        <span className="mt-1 block text-xs text-muted">
          We remove the camera’s details (place, time, device) from every photograph.
        </span>
      </label>
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Sending…' : 'Send review'}
      </button>
    </form>
  );
}
