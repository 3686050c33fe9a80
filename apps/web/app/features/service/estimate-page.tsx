import { useEffect, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { SERVICE_KIND_LABELS, TICKET_STATUS_LABELS, type CustomerTicket } from '@facet/contracts/service-tickets';
import { formatMoney } from '@facet/contracts/money';
import { callApi } from '~/lib/client-api.ts';
import { LinkPayment, type LinkCard } from '~/components/payment/link-payment.tsx';

const dayText = (d: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));

/** A service estimate, approved and paid (or declined) from the e-mailed link. */
export function ServiceEstimate() {
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [t, setT] = useState<CustomerTicket | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  useEffect(() => {
    callApi<CustomerTicket>(`/service/${encodeURIComponent(number)}?token=${encodeURIComponent(token)}`)
      .then(setT)
      .catch((e) => setFailure((e as Error).message));
  }, [number, token]);
  if (failure)
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="font-display text-3xl">Estimate not found</h1>
        <p className="mt-3 text-muted">{failure}</p>
        <Link to="/contact-us" className="btn-secondary mt-6">
          Contact us
        </Link>
      </div>
    );
  if (!t) return <div aria-busy="true" className="mx-auto my-10 h-80 max-w-xl animate-pulse bg-panel" />;
  const due = t.estimateCents ?? 0;
  const answer = async (path: 'approve' | 'decline', body: object) => {
    setBusy(true);
    setError(null);
    try {
      setT(await callApi<CustomerTicket>(`/service/${encodeURIComponent(number)}/${path}`, { method: 'POST', body }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  /** Approve and pay: the card (test provider), or Stripe's payment for the browser, then checked. */
  const approveAndPay = async (card?: LinkCard) => {
    const after = await callApi<CustomerTicket>(`/service/${encodeURIComponent(number)}/approve`, {
      method: 'POST',
      body: { token, ...(card ? { card } : {}) },
    });
    setT(after);
    return after.payment;
  };
  const decline = (
    <button
      type="button"
      className="btn-secondary px-6 py-3"
      disabled={busy}
      onClick={() => void answer('decline', { token })}
    >
      Decline
    </button>
  );
  return (
    <div className="mx-auto max-w-xl px-4 pb-24 pt-10">
      <p className="eyebrow text-muted">Ticket {t.number}</p>
      <h1 className="mt-2 font-display text-4xl">Your estimate</h1>
      <dl className="mt-6 grid grid-cols-[8rem_1fr] gap-y-2 border-y border-hairline py-4 text-sm">
        <dt className="text-muted">Piece</dt>
        <dd>{t.piece}</dd>
        <dt className="text-muted">Service</dt>
        <dd>{SERVICE_KIND_LABELS[t.kind]}</dd>
        <dt className="text-muted">The work</dt>
        <dd className="whitespace-pre-line">{t.estimateNote ?? '—'}</dd>
        <dt className="text-muted">Ready by</dt>
        <dd>{dayText(t.dueOn)}</dd>
        <dt className="text-muted">Estimate</dt>
        <dd className="font-medium" data-testid="estimate">
          {formatMoney(due, { exact: true })}
        </dd>
        <dt className="text-muted">Status</dt>
        <dd data-testid="estimate-status">{TICKET_STATUS_LABELS[t.status]}</dd>
      </dl>
      {t.status === 'estimated' ? (
        <section className="mt-6 space-y-3" aria-labelledby={`${id}-pay`}>
          <h2 id={`${id}-pay`} className="font-display text-2xl">
            {due ? 'Approve and pay' : 'Approve'}
          </h2>
          {due > 0 ? (
            <LinkPayment amountCents={due} action="Approve and pay" pay={approveAndPay}>
              {decline}
            </LinkPayment>
          ) : (
            <>
              {error && (
                <p role="alert" className="text-sm text-danger">
                  {error}
                </p>
              )}
              <div className="flex flex-wrap gap-3 pt-2">
                <button
                  type="button"
                  className="btn-primary px-6 py-3"
                  disabled={busy}
                  onClick={() => void answer('approve', { token })}
                >
                  {busy ? 'Sending…' : 'Approve'}
                </button>
                {decline}
              </div>
            </>
          )}
          {due > 0 && error && (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
        </section>
      ) : (
        <p role="status" className="mt-6 border border-primary bg-secondary/50 p-4 text-sm">
          {t.status === 'declined'
            ? 'You declined this estimate. Your piece is ready to collect as it came in.'
            : t.paid
              ? 'Approved and paid — thank you. We e-mail you at each step.'
              : 'Approved — thank you. We e-mail you at each step.'}
        </p>
      )}
    </div>
  );
}
