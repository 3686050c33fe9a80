import type { PageHandle } from '~/lib/content-first.ts';
import { useEffect, useState } from 'react';
import { STATUS_LABELS, type OrderStatus } from '@facet/contracts/admin';
import { Link } from 'react-router';
import { Package } from '~/components/icons.tsx';
import type { OrderSummary } from '@facet/contracts/commerce';
import type { OrderReturns } from '@facet/contracts/returns';
import type { Route } from './+types/orders';
import { RequireUser } from '~/features/layout/require-user.tsx';
import { AccountNav } from '~/features/account/account-nav.tsx';
import { callApi, reportApiError } from '~/lib/client-api.ts';
import { formatMoney } from '@facet/contracts/money';
import { pageMeta } from '~/lib/page-meta.ts';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';

/** Its first screen comes from its code: the scripts start at once (lib/content-first.ts). */
export const handle: PageHandle = { scriptsFirst: true };

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Your orders', noindex: true });

export default function Page() {
  return <RequireUser>{() => <Orders />}</RequireUser>;
}

/**
 * "Return items" only where something can be returned: an order of engraved pieces or gift cards,
 * or one past its window, says why instead (the return page would only say nothing can be).
 */
function ReturnLink({ number }: { number: string }) {
  const [state, setState] = useState<OrderReturns | null>(null);
  useEffect(() => {
    callApi<OrderReturns>(`/order/${encodeURIComponent(number)}/returns`)
      .then(setState)
      .catch(() => setState(null));
  }, [number]);
  if (!state) return null;
  if (state.lines.some((l) => l.returnable > 0))
    return (
      <Link to={paths.orderReturn(number)} className="text-sm text-primary underline">
        Return items<span className="sr-only"> from {number}</span>
      </Link>
    );
  const why = state.lines.find((l) => l.why)?.why;
  return why ? <p className="text-xs text-muted sm:max-w-[14rem]">{why}</p> : null;
}

function Orders() {
  const [list, setList] = useState<OrderSummary[] | null>(null);
  useEffect(() => {
    callApi<OrderSummary[]>('/order').then(setList).catch(reportApiError);
  }, []);
  return (
    <div className="mx-auto max-w-site px-4 pb-24 pt-10 lg:px-8">
      <p className="eyebrow text-primary">Your account</p>
      <h1 className="mt-2 font-display text-5xl">Orders</h1>
      <div className="mt-10 grid gap-12 lg:grid-cols-[16rem_1fr]">
        <AccountNav current="orders" />
        <section aria-label="Your orders" aria-busy={list === null}>
          {list === null ? (
            <div className="h-40 animate-pulse bg-panel" />
          ) : list.length === 0 ? (
            <div className="border border-dashed border-hairline p-10 text-center">
              <Package aria-hidden="true" className="mx-auto h-8 w-8 text-muted" />
              <p className="mt-3 font-display text-2xl">No orders yet</p>
              <Link to={paths.category(CATEGORY.engagement)} className="btn-primary mt-6">
                Shop engagement rings
              </Link>
            </div>
          ) : (
            <ul className="divide-y divide-hairline border-y border-hairline">
              {list.map((o) => (
                <li key={o.number} className="flex flex-wrap items-center gap-x-4">
                  <Link
                    to={`/order-confirmation?number=${o.number}`}
                    className="flex min-w-0 flex-1 items-center gap-4 py-4 hover:bg-panel"
                  >
                    {o.image && <img src={o.image} alt="" width={64} height={64} className="h-16 w-16 bg-panel" />}
                    <div className="flex-1">
                      <p className="font-medium">{o.number}</p>
                      <p className="text-sm text-muted">
                        {new Date(o.placedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })} · {o.itemCount}{' '}
                        {o.itemCount === 1 ? 'item' : 'items'} ·{' '}
                        {o.status === 'placed'
                          ? 'Being prepared'
                          : (STATUS_LABELS[o.status as OrderStatus] ?? o.status)}
                      </p>
                    </div>
                    <p className="font-medium">{formatMoney(o.totalCents, { exact: true })}</p>
                  </Link>
                  {o.status === 'delivered' && (
                    <div className="flex flex-col gap-1 pb-4 sm:items-end sm:pb-0">
                      <ReturnLink number={o.number} />
                      <Link to={paths.orderReview(o.number)} className="text-sm text-primary underline">
                        Review your pieces<span className="sr-only"> from {o.number}</span>
                      </Link>
                      <Link to={paths.orderService(o.number)} className="text-sm text-primary underline">
                        Resize or repair<span className="sr-only"> a piece from {o.number}</span>
                      </Link>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
