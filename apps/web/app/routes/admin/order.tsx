import { useState } from 'react';
import { SupplierStones } from '~/features/admin/orders/supplier-stones.tsx';
import { EngravedWords } from '~/components/engraved-words.tsx';
import { Link, useOutletContext } from 'react-router';
import { can, type StaffMe } from '@facet/contracts/admin';
import { formatMoney } from '@facet/contracts/money';
import { paidWith } from '~/components/paid-with.ts';
import type { Route } from './+types/order';
import { AddressLines } from '~/components/address-lines.tsx';
import { adminApi, adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { OrderActions } from '~/features/admin/orders/order-actions.tsx';
import { RingChangeForm } from '~/features/admin/orders/ring-change-form.tsx';
import { OrderShipping } from '~/features/admin/orders/order-shipping.tsx';
import { OrderReturns, RefundOwed } from '~/features/admin/orders/order-returns.tsx';
import { OrderTimeline } from '~/features/admin/orders/order-timeline.tsx';
import { StatusBadge } from '~/features/admin/shared/status-badge.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const [order, returns] = await Promise.all([
    adminLoad(request, 'GET /orders/:number', { params: { number: params.number } }),
    adminLoad(request, 'GET /orders/:number/returns', { params: { number: params.number } }),
  ]);
  return { order, returns: returns.returns };
}
export const ErrorBoundary = AdminRouteError;

const box = 'border border-hairline bg-white p-4';
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

export default function AdminOrderPage({ loaderData }: Route.ComponentProps) {
  const me = useOutletContext<StaffMe>();
  const [order, setOrder] = useState(loaderData.order);
  const [seen, setSeen] = useState(loaderData);
  if (seen !== loaderData) {
    setSeen(loaderData);
    setOrder(loaderData.order);
  }
  const o = order;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/orders" className="text-primary underline">
          ← Orders
        </Link>
      </p>
      <AdminHeading title={`Order ${o.number}`}>
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
          <StatusBadge status={o.status} />
          {o.paymentState === 'pending' && (
            <span className="border border-hairline bg-panel px-2 py-0.5 text-xs font-medium text-ink">
              Awaiting payment — stones reserved
            </span>
          )}
          {o.paymentState === 'expired' && (
            <span className="border border-hairline bg-panel px-2 py-0.5 text-xs font-medium text-ink">Never paid</span>
          )}
          {o.disputed && (
            <span className="border border-danger px-2 py-0.5 text-xs font-semibold text-danger">
              Payment disputed — answer it in Stripe
            </span>
          )}
          <span>Placed {when.format(new Date(o.placedAt))}</span>
          <Link to={`/admin/orders/${o.number}/packing-slip`} className="text-primary underline">
            Packing slip
          </Link>
          <Link to={`/admin/orders/${o.number}/invoice`} className="text-primary underline">
            Invoice
          </Link>
        </div>
      </AdminHeading>
      <RefundOwed order={o} returns={loaderData.returns} />
      <div className="grid items-start gap-4 xl:grid-cols-[1fr_22rem]">
        <div className="space-y-4">
          <section className={box} aria-labelledby="items">
            <h2 id="items" className="text-sm font-semibold">
              Items
            </h2>
            <ul className="mt-2 divide-y divide-hairline text-sm">
              {o.lines.map((l, i) => (
                <li key={i} className="flex gap-3 py-2">
                  <img src={l.image} alt="" width={48} height={48} className="h-12 w-12 shrink-0 bg-panel" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{l.title}</p>
                    <p className="text-xs text-muted">{l.details.join(' · ')}</p>
                    {l.engraving && (
                      <EngravedWords plain engraving={l.engraving} className="mt-1 text-xs font-medium" />
                    )}
                    {l.quantity > 1 && <p className="text-xs text-muted">Qty {l.quantity}</p>}
                    {l.saleName && l.wasUnitCents !== undefined && (
                      <p className="text-xs text-primary">
                        {l.saleName}: was {formatMoney(l.wasUnitCents, { exact: true })} each
                      </p>
                    )}
                    {l.kind === 'configured' &&
                      (o.status === 'placed' || o.status === 'in_production') &&
                      can(me.role, 'orders:refund') && (
                        <details className="mt-1 text-xs">
                          <summary className="cursor-pointer text-primary underline">Change size or metal</summary>
                          <RingChangeForm
                            order={o}
                            line={i}
                            onChange={setOrder}
                            reload={() => adminApi('GET /orders/:number', { params: { number: o.number } })}
                          />
                        </details>
                      )}
                  </div>
                  <p className="whitespace-nowrap">{formatMoney(l.lineTotalCents, { exact: true })}</p>
                </li>
              ))}
            </ul>
          </section>
          {o.stones.length > 0 && (
            <section className={box} aria-labelledby="stones">
              <h2 id="stones" className="text-sm font-semibold">
                Stones to pull
              </h2>
              <table className="mt-2 w-full text-sm">
                <caption className="sr-only">Stones in this order</caption>
                <thead className="text-left text-xs text-muted">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Stock no.
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Stone
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Certificate
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {o.stones.map((s) => (
                    <tr key={`${s.kind}${s.id}`} className="border-t border-hairline">
                      <td className="py-1.5 pr-3 font-mono text-xs">{s.serial}</td>
                      <td className="py-1.5 pr-3">{s.title}</td>
                      <td className="py-1.5">
                        {!s.certificate
                          ? '—'
                          : s.lab && !s.certificate.startsWith(s.lab)
                            ? `${s.lab} ${s.certificate}`
                            : s.certificate}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
          <OrderReturns returns={loaderData.returns} />
          <section className={box} aria-labelledby="timeline">
            <h2 id="timeline" className="mb-3 text-sm font-semibold">
              Timeline
            </h2>
            <OrderTimeline events={o.events} />
          </section>
        </div>
        <div className="space-y-4">
          <SupplierStones
            order={o}
            me={me}
            reload={async () => setOrder(await adminApi('GET /orders/:number', { params: { number: o.number } }))}
          />
          <OrderShipping order={o} me={me} onChange={setOrder} />
          <OrderActions order={o} me={me} onChange={setOrder} />
          <section className={box} aria-labelledby="customer">
            <h2 id="customer" className="text-sm font-semibold">
              Customer
            </h2>
            <p className="mt-2 text-sm">{o.customerName}</p>
            <p className="text-sm text-muted">{o.email}</p>
            <p className="text-xs text-muted">{o.userId ? 'Has an account' : 'Guest checkout'}</p>
            <h3 className="mt-3 text-xs font-semibold uppercase tracking-wider text-muted">Ships to</h3>
            <div className="text-sm">
              <AddressLines a={o.shippingAddress} />
            </div>
            <p className="mt-1 text-xs text-muted">{o.shipping.label}</p>
            <h3 className="mt-3 text-xs font-semibold uppercase tracking-wider text-muted">Bills to</h3>
            <div className="text-sm">
              <AddressLines a={o.billingAddress} />
            </div>
            {o.trackingUrl && (
              <p className="mt-3 text-sm">
                {o.carrier} {o.trackingNumber} ·{' '}
                <a href={o.trackingUrl} className="text-primary underline" target="_blank" rel="noreferrer">
                  Track
                </a>
              </p>
            )}
          </section>
          <section className={box} aria-labelledby="payment">
            <h2 id="payment" className="text-sm font-semibold">
              Payment
            </h2>
            <dl className="mt-2 space-y-1 text-sm">
              {[
                ['Subtotal', o.totals.subtotalCents],
                ...(o.totals.discountCents ? [[`Discount · ${o.totals.discountLabel}`, -o.totals.discountCents]] : []),
                ['Shipping', o.totals.shippingCents],
                ['Sales tax', o.totals.taxCents],
                ['Total', o.totals.totalCents],
                ['Paid', o.paidCents],
                ['Refunded', o.refundedCents],
              ].map(([label, cents]) => (
                <div key={label as string} className="flex justify-between">
                  <dt className="text-muted">{label}</dt>
                  <dd>{formatMoney(cents as number, { exact: true })}</dd>
                </div>
              ))}
            </dl>
            <ul className="mt-2 text-xs text-muted">
              {paidWith(o).map(([label, cents]) => (
                <li key={label}>
                  {label}: {formatMoney(cents, { exact: true })}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
