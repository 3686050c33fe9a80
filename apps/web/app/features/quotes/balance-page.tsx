import { useEffect, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { STATUS_LABELS, type OrderStatus } from '@facet/contracts/admin';
import { formatMoney } from '@facet/contracts/money';
import type { BalanceAnswer } from '@facet/contracts/quotes';
import { LinkPayment, type LinkCard } from '~/components/payment/link-payment.tsx';
import { callApi } from '~/lib/client-api.ts';

const money = (c: number) => formatMoney(c, { exact: true });
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const KIND: Record<string, string> = { deposit: 'Deposit', balance: 'Balance', instalment: 'Instalment' };

/** The balance of an order paid in parts, paid at the e-mailed link (or signed in). */
export function BalancePage() {
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [b, setB] = useState<BalanceAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  useEffect(() => {
    callApi<BalanceAnswer>(`/order/${encodeURIComponent(number)}/balance${query}`)
      .then(setB)
      .catch((e) => setFailure((e as Error).message));
  }, [number, query]);
  if (failure)
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="font-display text-3xl">Nothing to pay here</h1>
        <p className="mt-3 text-muted">{failure}</p>
        <Link to="/contact-us" className="btn-secondary mt-6">
          Contact us
        </Link>
      </div>
    );
  if (!b) return <div aria-busy="true" className="mx-auto my-10 h-80 max-w-xl animate-pulse bg-panel" />;
  const pay = async (card?: LinkCard) => {
    const after = await callApi<BalanceAnswer>(`/order/${encodeURIComponent(number)}/balance`, {
      method: 'POST',
      body: { ...(token ? { token } : {}), ...(card ? { card } : {}) },
    });
    setB(after);
    return after.payment;
  };
  // Layaway: the instalments due now (or the next one, paid ahead), not the whole balance.
  const dueCents = b.dueNow !== undefined ? (b.dueNow?.cents ?? 0) : b.balanceCents;
  const heading = b.dueNow ? `Pay ${b.dueNow.label}` : b.balanceCents > 0 ? 'Pay the balance' : 'Paid in full';
  return (
    <div className="mx-auto max-w-xl px-4 pb-24 pt-10">
      <p className="eyebrow text-muted">Order {b.number}</p>
      <h1 className="mt-2 font-display text-4xl">{heading}</h1>
      <dl className="mt-6 border-y border-hairline py-4 text-sm">
        <div className="flex justify-between py-1">
          <dt className="text-muted">Order total</dt>
          <dd>{money(b.totalCents)}</dd>
        </div>
        {b.payments.map((p, i) => (
          <div key={i} className="flex justify-between gap-4 py-1">
            <dt className="text-muted">
              {KIND[p.kind] ?? 'Payment'} paid {when.format(new Date(p.at))} · {p.card}
            </dt>
            <dd>−{money(p.amountCents)}</dd>
          </div>
        ))}
        <div className={`flex justify-between py-1 ${b.dueNow ? '' : 'font-semibold'}`}>
          <dt>Balance</dt>
          <dd data-testid="balance-due">{money(b.balanceCents)}</dd>
        </div>
        {b.dueNow && (
          <div className="flex justify-between py-1 font-semibold">
            <dt>To pay now ({b.dueNow.label})</dt>
            <dd data-testid="due-now">{money(b.dueNow.cents)}</dd>
          </div>
        )}
        <div className="flex justify-between py-1">
          <dt className="text-muted">Status</dt>
          <dd>{STATUS_LABELS[b.status as OrderStatus] ?? b.status}</dd>
        </div>
      </dl>
      {dueCents > 0 ? (
        <section className="mt-6 space-y-3" aria-labelledby={`${id}-pay`}>
          <h2 id={`${id}-pay`} className="font-display text-2xl">
            Your card
          </h2>
          <p className="text-sm text-muted">Your piece ships, insured, as soon as the balance is paid.</p>
          <LinkPayment amountCents={dueCents} action="Pay" pay={pay} />
        </section>
      ) : (
        <p role="status" className="mt-6 border border-primary bg-secondary/50 p-4 text-sm">
          {b.status === 'cancelled'
            ? 'This order was cancelled.'
            : 'Thank you — your order is paid in full. We e-mail you its tracking number when it ships.'}
        </p>
      )}
    </div>
  );
}
