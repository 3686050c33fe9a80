import { Link } from 'react-router';
import type { AdminOrder } from '@facet/contracts/admin';
import { formatMoney } from '@facet/contracts/money';
import { RETURN_STATUS_LABELS, type StaffOrderReturns } from '@facet/contracts/returns';

const box = 'border border-hairline bg-white p-4';
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * Whenever the customer has paid more than they keep — a cancellation not refunded, pieces back from a
 * return not refunded yet — the order says so first, with what is owed (the server's figures) and where
 * to give it.
 */
export function RefundOwed({ order, returns }: { order: AdminOrder; returns: StaffOrderReturns['returns'] }) {
  const owing = returns.filter((r) => r.owedCents > 0);
  if (order.cancelledOwedCents <= 0 && owing.length === 0) return null;
  return (
    <div role="status" className="mb-4 border border-danger/40 bg-white p-4 text-sm">
      <p className="font-semibold text-danger">Refund owed</p>
      <ul className="mt-1 space-y-1">
        {order.cancelledOwedCents > 0 && (
          <li>
            Cancelled with {formatMoney(order.cancelledOwedCents, { exact: true })} paid and not refunded: the customer
            is owed it.
          </li>
        )}
        {owing.map((r) => (
          <li key={r.number}>
            {formatMoney(r.owedCents, { exact: true })} for return {r.number}, whose{' '}
            {r.items === 1 ? 'piece is' : 'pieces are'} back:{' '}
            <Link to={`/admin/returns/${r.number}`} className="text-primary underline">
              refund it on the return
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The order's returns, newest first, each linked to its page. */
export function OrderReturns({ returns }: { returns: StaffOrderReturns['returns'] }) {
  if (returns.length === 0) return null;
  return (
    <section className={box} aria-labelledby="returns">
      <h2 id="returns" className="text-sm font-semibold">
        Returns
      </h2>
      <ul className="mt-2 divide-y divide-hairline text-sm">
        {returns.map((r) => (
          <li key={r.number} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <Link to={`/admin/returns/${r.number}`} className="font-mono text-xs text-primary underline">
              {r.number}
            </Link>
            <span>
              {r.resolution === 'exchange' ? 'Exchange' : 'Refund'} of {r.items} {r.items === 1 ? 'piece' : 'pieces'} ·
              asked {day.format(new Date(r.createdAt))}
            </span>
            <span className="text-muted">
              {RETURN_STATUS_LABELS[r.status]}
              {r.owedCents > 0 && (
                <span className="text-danger"> · {formatMoney(r.owedCents, { exact: true })} owed</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
