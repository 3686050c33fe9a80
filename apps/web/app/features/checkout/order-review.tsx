import { Link } from 'react-router';
import type { Cart, ShippingMethod } from '@facet/contracts/commerce';
import { formatMoney } from '@facet/contracts/money';
import { WasPrice } from '~/components/was-price.tsx';
import { TotalsList } from '~/components/totals-list.tsx';

/** The order as the server priced it, and the button that places it. */
export function OrderReview({
  review,
  method,
  busy,
  complete,
  pricing = false,
  gifts = [],
  depositCents,
}: {
  review: Cart | null;
  method: ShippingMethod;
  busy: boolean;
  complete: boolean;
  /** The totals for what was just entered are on their way: the order waits for them. */
  pricing?: boolean;
  /** What applied gift cards pay, card by card. */
  gifts?: Array<{ last4: string; cents: number }>;
  /** Layaway chosen: what is charged today; the rest follows on the plan's days. */
  depositCents?: number;
}) {
  const giftPaid = gifts.reduce((s, g) => s + g.cents, 0);
  const options = review?.shippingOptions ?? [];
  return (
    <aside aria-labelledby="review-title" className="border border-hairline bg-white p-6 lg:sticky lg:top-6">
      <h2 id="review-title" className="font-display text-2xl">
        Review
      </h2>
      <ul className="mt-4 divide-y divide-hairline">
        {(review?.lines ?? []).map((l) => (
          <li key={l.id} className="flex gap-3 py-3 text-sm">
            <img src={l.image} alt="" width={56} height={56} className="h-14 w-14 shrink-0 bg-panel" />
            <div className="min-w-0 flex-1">
              <p className="font-medium leading-snug">{l.title}</p>
              {l.quantity > 1 && <p className="text-xs text-muted">Qty {l.quantity}</p>}
              {!l.available && <p className="text-xs text-danger">{l.message}</p>}
            </div>
            <p className="whitespace-nowrap text-right">
              {formatMoney(l.lineTotalCents, { exact: true })}
              {l.wasCents !== undefined && <WasPrice cents={l.wasCents * l.quantity} className="block text-xs" />}
            </p>
          </li>
        ))}
      </ul>
      {review && (
        <div className="mt-4 border-t border-hairline pt-4">
          <TotalsList
            totals={review.totals}
            shippingLabel={options.find((o) => o.method === method)?.label.toLowerCase()}
            taxNote="Enter your address"
            lines={review.lines}
          />
          {giftPaid > 0 && (
            <dl className="mt-2 space-y-1 border-t border-hairline pt-2 text-sm" data-testid="gift-payments">
              {gifts.map((g) => (
                <div key={g.last4} className="flex justify-between gap-4">
                  <dt className="text-muted">Gift card ending {g.last4}</dt>
                  <dd>−{formatMoney(g.cents, { exact: true })}</dd>
                </div>
              ))}
              <div className="flex justify-between gap-4 font-medium">
                <dt>To pay by card</dt>
                <dd data-testid="card-due">{formatMoney(review.totals.totalCents - giftPaid, { exact: true })}</dd>
              </div>
            </dl>
          )}
        </div>
      )}
      {review && depositCents !== undefined && (
        <dl className="mt-2 space-y-1 border-t border-hairline pt-2 text-sm" data-testid="layaway-due">
          <div className="flex justify-between gap-4 font-medium">
            <dt>Due today (layaway deposit)</dt>
            <dd>{formatMoney(depositCents, { exact: true })}</dd>
          </div>
          <div className="flex justify-between gap-4 text-muted">
            <dt>Then in instalments</dt>
            <dd>{formatMoney(review.totals.totalCents - depositCents, { exact: true })}</dd>
          </div>
        </dl>
      )}
      <button
        type="submit"
        className="btn-primary mt-6 w-full py-4"
        disabled={busy || pricing || !review?.checkoutReady}
        aria-busy={pricing || undefined}
      >
        {busy ? 'Placing your order…' : 'Place Order'}
      </button>
      {!complete && <p className="mt-2 text-center text-xs text-muted">Complete every step to place your order.</p>}
      <p className="mt-4 text-center text-xs text-muted">
        By placing your order you agree to our{' '}
        <Link to="/terms-condition" className="underline">
          terms
        </Link>{' '}
        and{' '}
        <Link to="/return-policy" className="underline">
          return policy
        </Link>
        .
      </p>
      <Link to="/cart" className="mt-4 block text-center text-sm text-primary underline-offset-4 hover:underline">
        Back to cart
      </Link>
    </aside>
  );
}
