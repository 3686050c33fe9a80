import { PaymentPlan } from './payment-plan.tsx';
import { Link } from 'react-router';
import { shipsPieces } from '@facet/contracts/order-promises';
import type { Order } from '@facet/contracts/commerce';
import { EngravedWords } from '~/components/engraved-words.tsx';
import { AddressLines } from '~/components/address-lines.tsx';
import { TotalsList } from '~/components/totals-list.tsx';
import { paidWith } from '~/components/paid-with.ts';
import { formatMoney } from '@facet/contracts/money';
import { WasPrice } from '~/components/was-price.tsx';
import { RingChange } from './ring-change.tsx';

const placed = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** One order: items, addresses, payment and the server's totals. */
export function OrderView({
  order,
  change,
}: {
  order: Order;
  /** Rings may still be changed (the order is placed and paid): how the page asks, and reloads after. */
  change?: { token: string | null; onChanged: () => void };
}) {
  const payLink = `/pay/${order.number}${change?.token ? `?token=${encodeURIComponent(change.token)}` : ''}`;
  const changeable =
    !!change && order.status === 'placed' && order.payment.state !== 'pending' && order.payment.state !== 'authorized';
  return (
    <div className="grid items-start gap-10 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="items-title">
        <h2 id="items-title" className="font-display text-2xl">
          Items
        </h2>
        <ul className="mt-4 divide-y divide-hairline border-y border-hairline">
          {order.lines.map((l, i) => (
            <li key={i} className="flex gap-4 py-5">
              <img src={l.image} alt="" width={96} height={96} className="h-24 w-24 shrink-0 bg-panel" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{l.title}</p>
                <ul className="mt-1 text-xs text-muted [overflow-wrap:anywhere]">
                  {l.details.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
                {l.engraving && <EngravedWords engraving={l.engraving} />}
                {l.quantity > 1 && (
                  <p className="mt-1 text-xs text-muted">
                    Qty {l.quantity} · {formatMoney(l.unitPriceCents, { exact: true })} each
                  </p>
                )}
                {l.saleName && <p className="mt-1 text-xs font-medium text-primary">{l.saleName}</p>}
                {changeable && l.kind === 'configured' && (
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sm text-primary underline">Change size or metal</summary>
                    <RingChange number={order.number} token={change!.token} line={i} onChanged={change!.onChanged} />
                  </details>
                )}
              </div>
              <p className="whitespace-nowrap text-right font-medium">
                {formatMoney(l.lineTotalCents, { exact: true })}
                {l.wasUnitCents !== undefined && (
                  <WasPrice cents={l.wasUnitCents * l.quantity} className="block text-xs" />
                )}
              </p>
            </li>
          ))}
        </ul>
        <div className="mt-8 grid gap-8 sm:grid-cols-2">
          {/* Gift cards alone are e-mailed: nothing ships, so no address is shown as shipped to. */}
          {shipsPieces(order.lines) && (
            <div>
              <h3 className="eyebrow text-muted">Ships to</h3>
              <div className="mt-2 text-sm">
                <AddressLines a={order.shippingAddress} />
              </div>
            </div>
          )}
          <div>
            <h3 className="eyebrow text-muted">Billed to</h3>
            <div className="mt-2 text-sm">
              <AddressLines a={order.billingAddress} />
            </div>
            <ul className="mt-2 text-sm">
              {paidWith(order).map(([label, cents]) => (
                <li key={label}>
                  {label}: {formatMoney(cents, { exact: true })}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <aside className="border border-hairline bg-panel p-6">
        <p className="text-sm text-muted">Placed {placed(order.placedAt)}</p>
        <p className="mt-1 text-sm text-muted [overflow-wrap:anywhere]">Confirmation sent to {order.email}</p>
        <div className="mt-5">
          <TotalsList totals={order.totals} shippingLabel={order.shipping.label.toLowerCase()} lines={order.lines} />
        </div>
        {order.supplierConfirmBy && (
          <p className="mt-5 border-t border-hairline pt-5 text-sm" data-testid="supplier-note">
            Your card is authorised for {formatMoney(order.totals.totalCents, { exact: true })}, not charged: we charge
            it once the supplier confirms your diamond, by{' '}
            {new Date(order.supplierConfirmBy).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' })}. If
            they cannot, the authorisation is released and nothing is charged.
          </p>
        )}
        {order.plan && (
          <PaymentPlan
            plan={order.plan}
            payLink={payLink}
            open={!!change && order.status !== 'cancelled' && !!order.balance}
          />
        )}
        {order.balance && change && !order.plan && (
          <div className="mt-5 border-t border-hairline pt-5 text-sm">
            <p>
              Paid so far {formatMoney(order.balance.paidCents, { exact: true })}; still to pay{' '}
              <strong>{formatMoney(order.balance.dueCents, { exact: true })}</strong>. It ships once paid in full.
            </p>
            <Link to={payLink} className="btn-primary mt-3 px-4 py-2">
              Pay {formatMoney(order.balance.dueCents, { exact: true })}
            </Link>
          </div>
        )}
        {order.timeline && order.timeline.length > 0 && (
          <section aria-labelledby="progress-title" className="mt-6 border-t border-hairline pt-5">
            <h2 id="progress-title" className="eyebrow text-muted">
              Progress
            </h2>
            <ol className="mt-3 space-y-3 text-sm">
              {order.timeline.map((e, i) => (
                <li key={i} className="border-l-2 border-primary/40 pl-3">
                  <p className="font-medium">{e.label}</p>
                  {e.detail && <p className="text-muted">{e.detail}</p>}
                  {e.url && (
                    <a href={e.url} className="text-primary underline" target="_blank" rel="noreferrer">
                      Track your parcel
                    </a>
                  )}
                  <p className="text-xs text-muted">{placed(e.at)}</p>
                </li>
              ))}
            </ol>
          </section>
        )}
      </aside>
    </div>
  );
}
