import type { PageHandle } from '~/lib/content-first.ts';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, Gem, Mail, Truck } from '~/components/icons.tsx';
import type { Order } from '@facet/contracts/commerce';
import type { Route } from './+types/order-confirmation';
import { OrderView } from '~/features/order/order-view.tsx';
import { callApi } from '~/lib/client-api.ts';
import { ApiError } from '~/lib/api.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { orderPromises } from '@facet/contracts/order-promises';
import { useStoreFacts } from '~/lib/store-facts.ts';

/** Its first screen comes from its code: the scripts start at once (lib/content-first.ts). */
export const handle: PageHandle = { scriptsFirst: true };

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Your order', noindex: true });

/** After checkout, from the e-mail link (guests: number + access token) or from the profile (signed in). */
export default function Page() {
  const facts = useStoreFacts();
  const [params] = useSearchParams();
  const number = params.get('number') ?? '';
  const token = params.get('token');
  const [order, setOrder] = useState<Order | null>(null);
  const [failure, setError] = useState<string | null>(null);
  const error = number ? failure : 'No order number was given.';
  const engravingDays = Math.max(0, ...(order?.lines ?? []).map((l) => l.engraving?.days ?? 0));
  const promises = order ? orderPromises(order, facts, engravingDays) : null;

  useEffect(() => {
    if (!number) return;
    let stop = false;
    // Back from paying Stripe: the payment is checked now (not only when Stripe's webhook comes),
    // and again every few seconds while the bank is still confirming it.
    const settle = async (tries: number): Promise<void> => {
      const o = await callApi<Order>(`/order/${encodeURIComponent(number)}/payment`, {
        method: 'POST',
        body: token ? { token } : {},
      });
      if (stop) return;
      setOrder(o);
      if (o.payment.state === 'pending' && tries > 0) {
        await new Promise((r) => setTimeout(r, 3_000));
        if (!stop) return settle(tries - 1);
      }
    };
    callApi<Order>(`/order/${encodeURIComponent(number)}${token ? `?token=${encodeURIComponent(token)}` : ''}`)
      .then((o) => (o.payment.state === 'pending' ? settle(20) : setOrder(o)))
      .catch((e) =>
        setError(
          e instanceof ApiError && e.status === 404
            ? 'We could not find that order. Please use the link in your confirmation e-mail, or log in to see your orders.'
            : (e as Error).message,
        ),
      );
    return () => {
      stop = true;
    };
  }, [number, token]);

  return (
    <div className="mx-auto max-w-site px-4 pb-24 pt-10 lg:px-8">
      {error ? (
        <div role="alert" className="mx-auto max-w-xl border border-hairline p-10 text-center">
          <p className="font-display text-3xl">Order not found</p>
          <p className="mt-3 text-muted">{error}</p>
          <Link to="/contact-us" className="btn-secondary mt-6">
            Contact us
          </Link>
        </div>
      ) : !order || !promises ? (
        <div aria-busy="true" className="h-96 animate-pulse bg-panel" />
      ) : order.payment.state && order.payment.state !== 'paid' && order.payment.state !== 'authorized' ? (
        <UnpaidOrder order={order} />
      ) : (
        <>
          <div className="text-center">
            <CheckCircle2 aria-hidden="true" className="mx-auto h-12 w-12 text-primary" strokeWidth={1.4} />
            <p className="eyebrow mt-4 text-primary">Thank you</p>
            <h1 className="mt-2 font-display text-5xl">Your order is confirmed</h1>
            <p className="mt-3 text-lg">
              Order number <strong data-testid="order-number">{order.number}</strong>
            </p>
          </div>
          <ol className="mx-auto mt-10 grid max-w-4xl gap-4 text-sm sm:grid-cols-3" aria-label="What happens next">
            <li className="border border-hairline p-5">
              <Mail aria-hidden="true" className="h-5 w-5 text-primary" />
              <p className="mt-2 font-medium">Confirmation e-mail</p>
              <p className="mt-1 text-muted [overflow-wrap:anywhere]">
                On its way to {order.email}, with a link back to this page.
              </p>
            </li>
            {promises.making && (
              <li className="border border-hairline p-5">
                <Gem aria-hidden="true" className="h-5 w-5 text-primary" />
                <p className="mt-2 font-medium">Crafted and inspected</p>
                <p className="mt-1 text-muted">{promises.making}</p>
              </li>
            )}
            {promises.delivery && (
              <li className="border border-hairline p-5">
                <Truck aria-hidden="true" className="h-5 w-5 text-primary" />
                <p className="mt-2 font-medium">Insured delivery</p>
                <p className="mt-1 text-muted">{promises.delivery}</p>
              </li>
            )}
            {promises.giftCards && (
              <li className="border border-hairline p-5">
                <Mail aria-hidden="true" className="h-5 w-5 text-primary" />
                <p className="mt-2 font-medium">Gift card by e-mail</p>
                <p className="mt-1 text-muted">{promises.giftCards}</p>
              </li>
            )}
          </ol>
          <div className="mt-14">
            <OrderView
              order={order}
              change={{
                token,
                onChanged: () =>
                  void callApi<Order>(
                    `/order/${encodeURIComponent(number)}${token ? `?token=${encodeURIComponent(token)}` : ''}`,
                  ).then(setOrder),
              }}
            />
          </div>
          <div className="mt-10 text-center">
            <Link to="/" className="btn-primary">
              Continue shopping
            </Link>
          </div>
        </>
      )}
    </div>
  );
}

/** An order whose payment is still being confirmed, never came, or came too late (and was refunded). */
function UnpaidOrder({ order }: { order: Order }) {
  const state = order.payment.state;
  const text =
    state === 'pending'
      ? {
          title: 'Confirming your payment',
          body: 'Your bank is confirming the payment. This page updates by itself; your stones stay reserved meanwhile.',
        }
      : state === 'expired'
        ? {
            title: 'This order was not paid',
            body: 'No payment arrived in time, so nothing was charged and the pieces are back on sale. You are welcome to order again.',
          }
        : {
            title: 'Your payment was refunded',
            body: 'Your payment arrived after we could hold the order for you, so we refunded it in full. You will get an e-mail about it.',
          };
  return (
    <div role="status" className="mx-auto max-w-xl border border-hairline p-10 text-center">
      <h1 className="font-display text-4xl">{text.title}</h1>
      <p className="mt-3 text-muted">
        Order <strong data-testid="order-number">{order.number}</strong>. {text.body}
      </p>
      {state !== 'pending' && (
        <Link to="/cart" className="btn-secondary mt-6">
          Back to your cart
        </Link>
      )}
    </div>
  );
}
