import { useEffect, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_PHOTOS_MAX,
  RETURN_STATUS_LABELS,
  type ExchangeOffer,
  type OrderReturns,
  type ReturnReason,
} from '@facet/contracts/returns';
import type { BrowserPayment } from '@facet/contracts/commerce';
import { LinkPayment, type LinkCard } from '~/components/payment/link-payment.tsx';
import { formatMoney } from '@facet/contracts/money';
import { paths } from '@facet/contracts/paths';
import { callApi } from '~/lib/client-api.ts';
import { ApiError } from '~/lib/api.ts';
import { PiecePhotos } from '~/components/piece-photos.tsx';

const dayText = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/** Asking to return pieces of a delivered order, and how earlier requests stand. */
export function OrderReturn() {
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const api = `/order/${encodeURIComponent(number)}/returns${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  const [data, setData] = useState<OrderReturns | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [picked, setPicked] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [resolution, setResolution] = useState<'refund' | 'exchange'>('refund');
  const [exchangeFor, setExchangeFor] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    callApi<OrderReturns>(api)
      .then(setData)
      .catch((e) =>
        setFailure(
          e instanceof ApiError && e.status === 404
            ? 'We could not find that order. Use the link in your delivery e-mail, or sign in to see your orders.'
            : (e as Error).message,
        ),
      );
  }, [api]);

  if (failure)
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center" role="alert">
        <h1 className="font-display text-3xl">Order not found</h1>
        <p className="mt-3 text-muted">{failure}</p>
        <Link to="/contact-us" className="btn-secondary mt-6">
          Contact us
        </Link>
      </div>
    );
  if (!data) return <div aria-busy="true" className="mx-auto my-10 h-96 max-w-site animate-pulse bg-panel" />;

  const open = data.lines.some((l) => l.returnable > 0);
  const chosen = Object.entries(picked)
    .filter(([, q]) => q > 0)
    .map(([line, quantity]) => ({ line: Number(line), quantity }));
  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    if (!chosen.length) return setError('Choose what you are returning.');
    if (!reason) return setError('Choose a reason.');
    if (resolution === 'exchange' && exchangeFor.trim().length < 3)
      return setError('Tell us what you would like instead.');
    setBusy(true);
    setError(null);
    try {
      const after = await callApi<OrderReturns>(api, {
        method: 'POST',
        body: { lines: chosen, reason, note, resolution, ...(resolution === 'exchange' ? { exchangeFor } : {}) },
      });
      setData(after);
      setPicked({});
      setReason('');
      setNote('');
      setExchangeFor('');
      setSent(after.returns[0]?.number ?? null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 pb-24 pt-10 lg:px-8">
      <p className="eyebrow text-muted">Order {data.number}</p>
      <h1 className="mt-2 font-display text-4xl">Return items</h1>
      <p className="mt-3 text-muted">
        {data.until
          ? `You can ask to return unworn pieces until ${dayText(data.until)} (${data.returnDays} days from delivery). `
          : ''}
        Read the{' '}
        <Link to="/return-policy" className="underline">
          return policy
        </Link>{' '}
        for what can come back.
      </p>

      {sent && (
        <p role="status" className="mt-6 border border-primary bg-secondary/50 p-4 text-sm">
          We have your request <strong>{sent}</strong> and have e-mailed you its number. We reply within one business
          day with how to send it.
        </p>
      )}

      {data.returns.length > 0 && (
        <section className="mt-8" aria-labelledby={`${id}-asked`}>
          <h2 id={`${id}-asked`} className="font-display text-2xl">
            Your returns
          </h2>
          <ul className="mt-3 divide-y divide-hairline border-y border-hairline">
            {data.returns.map((r) => (
              <li key={r.number} className="py-4 text-sm" data-testid="return">
                <p className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium">{r.number}</span>
                  <span>
                    {RETURN_STATUS_LABELS[r.status]}
                    {r.refundCents !== null ? ` · ${formatMoney(r.refundCents, { exact: true })} refunded` : ''}
                  </span>
                </p>
                <p className="text-muted">
                  {r.lines.map((l) => `${l.title}${l.quantity > 1 ? ` × ${l.quantity}` : ''}`).join('; ')}
                </p>
                {r.resolution === 'exchange' && r.exchangeFor && <p className="mt-1">Exchange for: {r.exchangeFor}</p>}
                {r.message && <p className="mt-1 whitespace-pre-line">{r.message}</p>}
                {r.exchange && (
                  <ExchangeSummary
                    offer={r.exchange}
                    pay={
                      r.status === 'awaiting-payment'
                        ? async (card) => {
                            const after = await callApi<OrderReturns>(
                              `/order/${encodeURIComponent(number)}/returns/${r.number}/pay${token ? `?token=${encodeURIComponent(token)}` : ''}`,
                              { method: 'POST', body: card ? { card } : {} },
                            );
                            setData(after);
                            return after.payment;
                          }
                        : null
                    }
                  />
                )}
                {r.status === 'requested' && (
                  <PiecePhotos
                    count={r.photos}
                    max={RETURN_PHOTOS_MAX}
                    hint="You may add a photograph of the piece (optional)."

                    upload={async (file) => {
                      const body = new FormData();
                      body.set('photo', file);
                      setData(
                        await callApi<OrderReturns>(
                          `/order/${encodeURIComponent(number)}/returns/${r.number}/photos${token ? `?token=${encodeURIComponent(token)}` : ''}`,
                          { method: 'POST', body, timeoutMs: 120_000 },
                        ),
                      );
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <form method="post" onSubmit={(e) => void submit(e)} noValidate className="mt-8" aria-labelledby={`${id}-form`}>
        <h2 id={`${id}-form`} className="font-display text-2xl">
          {data.returns.length ? 'Return something else' : 'What would you like to return?'}
        </h2>
        <ul className="mt-3 divide-y divide-hairline border-y border-hairline">
          {data.lines.map((l) => {
            const q = picked[l.line] ?? 0;
            return (
              <li key={l.line} className="flex gap-4 py-4">
                <img src={l.image} alt="" width={64} height={64} className="h-16 w-16 shrink-0 bg-panel" />
                <div className="min-w-0 flex-1">
                  <label className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      className="mt-1 h-4 w-4 accent-primary"
                      disabled={l.returnable === 0}
                      checked={q > 0}
                      onChange={(e) => setPicked({ ...picked, [l.line]: e.target.checked ? l.returnable : 0 })}
                    />
                    <span>
                      <span className="font-medium">{l.title}</span>
                      <span className="block text-xs text-muted">{l.details.join(' · ')}</span>
                      {l.why && <span className="mt-1 block text-sm text-muted">{l.why}</span>}
                    </span>
                  </label>
                  {q > 0 && l.returnable > 1 && (
                    <label className="ml-7 mt-2 block text-sm">
                      How many{' '}
                      <select
                        className="field ml-2 inline-block w-20 py-1"
                        value={q}
                        onChange={(e) => setPicked({ ...picked, [l.line]: Number(e.target.value) })}
                      >
                        {Array.from({ length: l.returnable }, (_, i) => i + 1).map((n) => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ))}
                      </select>
                    </label>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        {open ? (
          <div className="mt-6 space-y-4">
            <div>
              <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-medium">
                Why are you returning it?
              </label>
              <select
                id={`${id}-reason`}
                className="field py-2"
                value={reason}
                onChange={(e) => setReason(e.target.value as ReturnReason)}
              >
                <option value="">Choose a reason</option>
                {RETURN_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {RETURN_REASON_LABELS[r]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-note`} className="mb-1 block text-sm font-medium">
                Anything we should know? <span className="font-normal text-muted">(optional)</span>
              </label>
              <textarea
                id={`${id}-note`}
                className="field py-2"
                rows={3}
                maxLength={1000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
            <fieldset>
              <legend className="mb-1 text-sm font-medium">Would you like your money back, or something else?</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
                {(
                  [
                    ['refund', 'A refund'],
                    ['exchange', 'An exchange (another size, length or piece)'],
                  ] as const
                ).map(([value, text]) => (
                  <label key={value} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="resolution"
                      value={value}
                      className="h-4 w-4 accent-primary"
                      checked={resolution === value}
                      onChange={() => setResolution(value)}
                    />
                    {text}
                  </label>
                ))}
              </div>
            </fieldset>
            {resolution === 'exchange' && (
              <div>
                <label htmlFor={`${id}-instead`} className="mb-1 block text-sm font-medium">
                  What would you like instead?
                </label>
                <input
                  id={`${id}-instead`}
                  className="field py-2"
                  maxLength={300}
                  placeholder="The same band in size 7"
                  value={exchangeFor}
                  onChange={(e) => setExchangeFor(e.target.value)}
                />
              </div>
            )}
            <p className="text-sm text-muted">
              {resolution === 'refund'
                ? 'We refund the way you paid (gift cards first, then your card) once the piece is back and inspected.'
                : 'Once the piece is back and inspected we send the replacement, shipped free and insured. What you send back counts toward it at what you paid; if the replacement costs more we e-mail you a link to pay the difference, and if it costs less we refund the rest.'}
            </p>
            {error && (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
            <button type="submit" className="btn-primary px-8 py-3" disabled={busy}>
              {busy ? 'Sending…' : 'Ask to return'}
            </button>
          </div>
        ) : (
          <p className="mt-4 text-sm text-muted">Nothing on this order can be returned now.</p>
        )}
      </form>
      <p className="mt-10 text-sm">
        <Link to={paths.orders()} className="underline">
          Your orders
        </Link>
      </p>
    </div>
  );
}

/** The replacement staff offered: its sums, and the payment of the difference while it waits for one. */
function ExchangeSummary({
  offer,
  pay,
}: {
  offer: ExchangeOffer;
  pay: ((card?: LinkCard) => Promise<BrowserPayment | null>) | null;
}) {
  const money = (c: number) => formatMoney(c, { exact: true });
  return (
    <div className="mt-3 border border-hairline p-4">
      <p className="font-medium">
        {offer.orderNumber ? `Your replacement: order ${offer.orderNumber}` : 'Your replacement'}
      </p>
      <ul className="mt-1 text-muted">
        {offer.lines.map((l) => (
          <li key={l.sku}>
            {l.title}
            {l.quantity > 1 ? ` × ${l.quantity}` : ''} · {money(l.lineTotalCents)}
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>Replacement, with tax (ships free)</dt>
        <dd className="text-right">{money(offer.totalCents)}</dd>
        <dt>Credit for what you sent back</dt>
        <dd className="text-right">−{money(offer.creditCents)}</dd>
        <dt className="font-medium">
          {offer.differenceCents > 0 ? (offer.orderNumber ? 'You paid' : 'To pay') : 'Refunded to you'}
        </dt>
        <dd className="text-right font-medium" data-testid="exchange-difference">
          {money(Math.abs(offer.differenceCents))}
        </dd>
      </dl>
      {pay && (
        <div className="mt-4">
          <LinkPayment amountCents={offer.differenceCents} action="Pay" pay={pay} />
        </div>
      )}
    </div>
  );
}
