import { useEffect, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { STATUS_LABELS, type OrderStatus } from '@facet/contracts/admin';
import { formatMoney } from '@facet/contracts/money';
import { QUOTE_STATUS_LABELS, type CustomerQuote } from '@facet/contracts/quotes';
import { QuoteSummary } from '~/components/quote-summary.tsx';
import { LinkPayment, type LinkCard } from '~/components/payment/link-payment.tsx';
import { callApi } from '~/lib/client-api.ts';

const money = (c: number) => formatMoney(c, { exact: true });
const dayText = (d: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));

/** The customer's quote: at its e-mailed link (or signed in), with its history, accepted with its deposit. */
export function QuotePage() {
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [q, setQ] = useState<CustomerQuote | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  useEffect(() => {
    callApi<CustomerQuote>(`/quotes/${encodeURIComponent(number)}${query}`)
      .then(setQ)
      .catch((e) => setFailure((e as Error).message));
  }, [number, query]);
  if (failure)
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="font-display text-3xl">Quote not found</h1>
        <p className="mt-3 text-muted">{failure}</p>
        <Link to="/contact-us" className="btn-secondary mt-6">
          Contact us
        </Link>
      </div>
    );
  if (!q) return <div aria-busy="true" className="mx-auto my-10 h-96 max-w-2xl animate-pulse bg-panel" />;
  const v = q.current;
  /** Accept and pay: the card (test provider), or Stripe's payment for the browser, then checked. */
  const acceptAndPay = async (card?: LinkCard) => {
    const after = await callApi<CustomerQuote>(`/quotes/${encodeURIComponent(number)}/accept`, {
      method: 'POST',
      body: { version: v.number, ...(token ? { token } : {}), ...(card ? { card } : {}) },
    });
    setQ(after);
    return after.payment;
  };
  const held = v.lines.filter((l) => l.stones.length > 0);
  return (
    <div className="mx-auto max-w-2xl px-4 pb-24 pt-10">
      <p className="eyebrow text-muted">
        Quote {q.number} · version {v.number}
      </p>
      <h1 className="mt-2 font-display text-4xl">Your quote, {q.name.split(' ')[0]}</h1>
      <p className="mt-3 text-sm">
        <span className="border border-hairline bg-panel px-2 py-0.5 text-xs font-medium" data-testid="quote-status">
          {QUOTE_STATUS_LABELS[q.status]}
        </span>
        {q.status === 'sent' && <span className="ml-2 text-muted">Open until {dayText(v.expiresOn)}</span>}
      </p>
      {v.message && <p className="mt-6 whitespace-pre-line">{v.message}</p>}
      <section className="mt-8" aria-labelledby={`${id}-lines`}>
        <h2 id={`${id}-lines`} className="sr-only">
          What the quote is for
        </h2>
        <QuoteSummary v={v} />
      </section>
      {q.files.length > 0 && (
        <section className="mt-8" aria-labelledby={`${id}-files`}>
          <h2 id={`${id}-files`} className="font-display text-2xl">
            Sketches and renderings
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
            {q.files.map((f) => (
              <li key={f.id}>
                <a href={f.url} className="block text-sm text-primary underline" target="_blank" rel="noreferrer">
                  {f.contentType.startsWith('image/') ? (
                    <img src={f.url} alt="" className="mb-1 aspect-square w-full bg-panel object-cover" />
                  ) : (
                    <span className="mb-1 flex aspect-square w-full items-center justify-center bg-panel text-muted">
                      PDF
                    </span>
                  )}
                  <span className="break-words">{f.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {q.status === 'sent' && held.length > 0 && (
        <p className="mt-6 border-l-2 border-primary pl-3 text-sm">
          {held.map((l) => l.title).join(' and ')} {held.length > 1 ? 'are' : 'is'} on hold for you until{' '}
          {dayText(v.expiresOn)}: nobody else can buy {held.length > 1 ? 'them' : 'it'} meanwhile.
        </p>
      )}
      {q.status === 'sent' ? (
        <section className="mt-8 space-y-3" aria-labelledby={`${id}-accept`}>
          <h2 id={`${id}-accept`} className="font-display text-2xl">
            Accept and pay the deposit
          </h2>
          <p className="text-sm text-muted">
            Accepting version {v.number} starts your piece: we take the deposit of {money(v.amounts.depositCents)} now,
            and e-mail you a link for the balance of {money(v.amounts.balanceCents)} when it is ready. It ships,
            insured, once paid in full.
          </p>
          <LinkPayment amountCents={v.amounts.depositCents} action="Accept and pay" pay={acceptAndPay} />
        </section>
      ) : q.status === 'accepted' && q.order ? (
        <p
          role="status"
          className="mt-8 border border-primary bg-secondary/50 p-4 text-sm"
          data-testid="quote-accepted"
        >
          Accepted — thank you. Your order {q.order.number} is{' '}
          {(STATUS_LABELS[q.order.status as OrderStatus] ?? q.order.status).toLowerCase()}.{' '}
          {q.order.balanceCents > 0
            ? `You have paid ${money(q.order.paidCents)}; we e-mail you a link for the balance of ${money(q.order.balanceCents)} when your piece is ready.`
            : 'It is paid in full.'}
        </p>
      ) : (
        <p role="status" className="mt-8 border border-hairline bg-panel p-4 text-sm">
          {q.status === 'expired'
            ? `This quote expired on ${dayText(v.expiresOn)}. Reply to our e-mail or call us, and we will send a new one.`
            : 'This quote was withdrawn. Reply to our e-mail or call us with any question.'}
        </p>
      )}
      {q.history.length > 0 && (
        <section className="mt-12" aria-labelledby={`${id}-history`}>
          <h2 id={`${id}-history`} className="font-display text-2xl">
            How this quote changed
          </h2>
          <ol className="mt-4 space-y-3">
            {[v, ...q.history].map((h) => (
              <li key={h.number} className="border border-hairline p-4 text-sm">
                <p className="font-medium">
                  Version {h.number}
                  {h.number === v.number ? ' (this one)' : ''}, {dayText(h.createdAt.slice(0, 10))} ·{' '}
                  {money(h.amounts.totalCents)}
                </p>
                {h.changes.length > 0 && (
                  <ul className="mt-2 list-disc pl-5 text-muted">
                    {h.changes.map((c) => (
                      <li key={c}>{c}</li>
                    ))}
                  </ul>
                )}
                {h.number !== v.number && (
                  <details className="mt-2">
                    <summary className="cursor-pointer text-primary underline">What version {h.number} said</summary>
                    <div className="mt-3">
                      <QuoteSummary v={h} />
                    </div>
                  </details>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
