import { useState } from 'react';
import { Link } from 'react-router';
import {
  LABEL_MAX_BYTES,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  type AdminReturn,
  type ExchangeOffer,
} from '@facet/contracts/returns';
import { formatMoney } from '@facet/contracts/money';
import { adminApi } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { Confirm } from '~/features/admin/shared/confirm.tsx';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';
import { toast } from '~/lib/toast.ts';
import { useRootData } from '~/root.tsx';

const box = 'border border-hairline bg-white p-4';
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const money = (c: number) => formatMoney(c, { exact: true });

/** One return: what comes back and why, and the one next step staff can take. */
export function AdminReturnPage({ loaderData }: { loaderData: AdminReturn }) {
  const [r, setR] = useState(loaderData);
  const [seen, setSeen] = useState(loaderData);
  if (seen !== loaderData) {
    setSeen(loaderData);
    setR(loaderData);
  }
  const refund = r.quote.goodsCents + r.quote.taxCents - r.quote.feeCents;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/returns" className="text-primary underline">
          ← Returns
        </Link>
      </p>
      <AdminHeading title={`Return ${r.number}`}>
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
          <span
            className="border border-hairline bg-panel px-2 py-0.5 text-xs font-medium text-ink"
            data-testid="return-status"
          >
            {RETURN_STATUS_LABELS[r.status]}
          </span>
          <span>Asked {when.format(new Date(r.createdAt))}</span>
          <Link to={`/admin/orders/${r.order.number}`} className="text-primary underline">
            Order {r.order.number}
          </Link>
        </div>
      </AdminHeading>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-4">
          <section className={box} aria-labelledby="items">
            <h2 id="items" className="text-sm font-semibold">
              Coming back
            </h2>
            <ul className="mt-2 divide-y divide-hairline text-sm">
              {r.lines.map((l) => (
                <li key={l.line} className="flex gap-3 py-2">
                  <img src={l.image} alt="" width={48} height={48} className="h-12 w-12 shrink-0 bg-panel" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">
                      {l.title}
                      {l.quantity > 1 ? ` × ${l.quantity}` : ''}
                    </p>
                    <p className="text-xs text-muted">{l.details.join(' · ')}</p>
                    {l.madeToOrder && <p className="text-xs">Made to order: the restocking fee applies.</p>}
                  </div>
                </li>
              ))}
            </ul>
            <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-y-1 text-sm">
              <dt className="text-muted">Reason</dt>
              <dd>{RETURN_REASON_LABELS[r.reason]}</dd>
              <dt className="text-muted">Asks for</dt>
              <dd data-testid="return-resolution">
                {r.resolution === 'exchange' ? `An exchange: ${r.exchangeFor || '—'}` : 'A refund'}
              </dd>
              <dt className="text-muted">Customer’s note</dt>
              <dd className="whitespace-pre-line">{r.note || '—'}</dd>
              <dt className="text-muted">Customer</dt>
              <dd>
                {r.order.customer} · {r.order.email}
              </dd>
              <dt className="text-muted">Delivered</dt>
              <dd>{r.order.deliveredAt ? when.format(new Date(r.order.deliveredAt)) : '—'}</dd>
              {r.message && (
                <>
                  <dt className="text-muted">Our message</dt>
                  <dd className="whitespace-pre-line">{r.message}</dd>
                </>
              )}
              {r.label && (
                <>
                  <dt className="text-muted">Label sent</dt>
                  <dd>{r.label}</dd>
                </>
              )}
              {r.condition && (
                <>
                  <dt className="text-muted">Inspection</dt>
                  <dd>
                    {r.condition === 'as-expected' ? 'As expected' : 'Damaged'}
                    {r.restocked ? ' · back on sale' : ' · kept off sale'}
                    {r.inspectionNote ? ` · ${r.inspectionNote}` : ''}
                  </dd>
                </>
              )}
            </dl>
          </section>
          {r.photos.length > 0 && (
            <section className={box} aria-labelledby="photos">
              <h2 id="photos" className="text-sm font-semibold">
                The customer’s photographs
              </h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {r.photos.map((p, i) => (
                  <li key={p.key}>
                    <a href={p.large} target="_blank" rel="noreferrer">
                      <img
                        src={p.small}
                        alt={`Customer’s photograph ${i + 1}`}
                        width={96}
                        height={96}
                        className="h-24 w-24 border border-hairline object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {r.exchange && <ExchangeOfferBox offer={r.exchange} />}
          <section className={box} aria-labelledby="history">
            <h2 id="history" className="text-sm font-semibold">
              History
            </h2>
            <ol className="mt-2 space-y-1 text-sm">
              {r.history.map((h, i) => (
                <li key={i}>
                  {RETURN_STATUS_LABELS[h.what as AdminReturn['status']] ?? h.what}{' '}
                  <span className="text-muted">
                    · {when.format(new Date(h.at))} · {h.by}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        </div>
        <div className="space-y-4">
          <section className={box} aria-labelledby="money">
            <h2 id="money" className="text-sm font-semibold">
              {r.resolution === 'exchange' ? 'Credit' : 'Refund'}
            </h2>
            <dl className="mt-2 space-y-1 text-sm">
              <div className="flex justify-between">
                <dt className="text-muted">Pieces (as paid)</dt>
                <dd>{money(r.quote.goodsCents)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-muted">Their sales tax</dt>
                <dd>{money(r.quote.taxCents)}</dd>
              </div>
              {r.quote.feeCents > 0 && (
                <div className="flex justify-between">
                  <dt className="text-muted">Restocking fee</dt>
                  <dd>−{money(r.quote.feeCents)}</dd>
                </div>
              )}
              <div className="flex justify-between border-t border-hairline pt-1 font-medium">
                <dt>
                  {r.status === 'refunded'
                    ? 'Refunded'
                    : r.resolution === 'exchange'
                      ? 'Credit toward a replacement'
                      : 'To refund'}
                </dt>
                <dd data-testid="return-refund">
                  {money(r.status === 'refunded' ? (r.refundCents ?? refund) : (r.exchange?.creditCents ?? refund))}
                </dd>
              </div>
              {r.status === 'exchanged' && r.refundCents !== null && (
                <div className="flex justify-between">
                  <dt className="text-muted">Refunded (worth more than the replacement)</dt>
                  <dd>{money(r.refundCents)}</dd>
                </div>
              )}
            </dl>
          </section>
          <NextStep r={r} refundCents={refund} onDone={setR} />
        </div>
      </div>
    </>
  );
}

/** The step this return waits for, as one small form (a refund asks first). */
function NextStep({
  r,
  refundCents,
  onDone,
}: {
  r: AdminReturn;
  refundCents: number;
  onDone: (r: AdminReturn) => void;
}) {
  const { busy, run } = useAdminAction();
  const [message, setMessage] = useState('');
  // The server's refusal of the message, in its words, beside the field.
  const [messageError, setMessageError] = useState<string | null>(null);
  const markMessage = (errs?: Record<string, string>) => setMessageError(errs?.message ?? null);
  const [label, setLabel] = useState<File | null>(null);
  // With a carrier service connected, its prepaid, insured label is bought on approval unless one is attached.
  const carrier = useRootData()?.facts.shippingPricedBy === 'carrier';
  const [carrierLabel, setCarrierLabel] = useState(carrier);
  const [condition, setCondition] = useState<'as-expected' | 'damaged'>('as-expected');
  const [restock, setRestock] = useState(true);
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  const params = { number: r.number };
  const done = (what: string) => (next: AdminReturn) => {
    onDone(next);
    toast.success(what);
  };
  if (r.status === 'declined' || r.status === 'refunded' || r.status === 'exchanged')
    return (
      <p className={`${box} text-sm text-muted`}>
        Nothing left to do: this return is {RETURN_STATUS_LABELS[r.status].toLowerCase()}.
      </p>
    );
  if (r.status === 'requested')
    return (
      <section className={box} aria-labelledby="decide">
        <h2 id="decide" className="text-sm font-semibold">
          Approve or decline
        </h2>
        <label htmlFor="return-message" className="mt-3 block text-sm font-medium">
          Message to the customer
        </label>
        <textarea
          id="return-message"
          className="field mt-1 py-2"
          rows={4}
          value={message}
          onChange={(e) => {
            setMessage(e.target.value);
            setMessageError(null);
          }}
          placeholder="How to pack and send it, or why we cannot take it back."
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? 'return-message-error' : undefined}
        />
        {messageError && (
          <p id="return-message-error" className="mt-1 text-xs text-danger">
            {messageError}
          </p>
        )}
        {carrier && (
          <label className="mt-3 flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={carrierLabel && !label}
              disabled={!!label}
              onChange={(e) => setCarrierLabel(e.target.checked)}
            />
            <span>
              Buy the prepaid, insured return label from the carrier and send it with the approval
              <span className="block text-xs text-muted">The carrier charges the store for it.</span>
            </span>
          </label>
        )}
        <label htmlFor="return-label" className="mt-3 block text-sm font-medium">
          {carrier ? 'Or attach a label (PDF)' : 'Prepaid label (PDF, optional)'}
        </label>
        <input
          id="return-label"
          type="file"
          accept="application/pdf"
          className="mt-1 block w-full text-sm"
          onChange={(e) => setLabel(e.target.files?.[0] ?? null)}
        />
        <div className="mt-4 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-primary px-4 py-2"
            disabled={busy}
            onClick={() => {
              if (label && label.size > LABEL_MAX_BYTES) return void toast.error('The label is at most 2 MB.');
              void run(async () => {
                const base64 = label ? await toBase64(label) : null;
                const next = await adminApi('POST /returns/:number/approve', {
                  params,
                  body: {
                    version: r.version,
                    message,
                    label: label && base64 ? { filename: label.name, base64 } : null,
                    carrierLabel: carrier && carrierLabel && !label,
                  },
                });
                done('Approved. The customer has the instructions by e-mail.')(next);
              }, markMessage);
            }}
          >
            Approve
          </button>
          <button
            type="button"
            className="btn-secondary px-4 py-2"
            disabled={busy}
            onClick={() =>
              void run(
                async () =>
                  done('Declined. The customer is told why by e-mail.')(
                    await adminApi('POST /returns/:number/decline', { params, body: { version: r.version, message } }),
                  ),
                markMessage,
              )
            }
          >
            Decline
          </button>
        </div>
      </section>
    );
  if (r.status === 'approved')
    return (
      <section className={box} aria-labelledby="receive">
        <h2 id="receive" className="text-sm font-semibold">
          When the parcel arrives
        </h2>
        <button
          type="button"
          className="btn-primary mt-3 px-4 py-2"
          disabled={busy}
          onClick={() =>
            void run(async () =>
              done('Marked received. The customer is told.')(
                await adminApi('POST /returns/:number/receive', { params, body: { version: r.version } }),
              ),
            )
          }
        >
          Mark received
        </button>
      </section>
    );
  if (r.status === 'received')
    return (
      <section className={box} aria-labelledby="inspect">
        <h2 id="inspect" className="text-sm font-semibold">
          Inspect
        </h2>
        <fieldset className="mt-3 text-sm">
          <legend className="font-medium">It came back</legend>
          {(['as-expected', 'damaged'] as const).map((c) => (
            <label key={c} className="mt-1 flex items-center gap-2">
              <input type="radio" name="condition" checked={condition === c} onChange={() => setCondition(c)} />
              {c === 'as-expected' ? 'As expected' : 'Damaged'}
            </label>
          ))}
        </fieldset>
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} />
          Put it back on sale (stones for sale again, stock up)
        </label>
        <label htmlFor="inspect-note" className="mt-3 block text-sm font-medium">
          Note (staff only)
        </label>
        <input id="inspect-note" className="field mt-1 py-2" value={note} onChange={(e) => setNote(e.target.value)} />
        <button
          type="button"
          className="btn-primary mt-3 px-4 py-2"
          disabled={busy}
          onClick={() =>
            void run(async () =>
              done(restock ? 'Inspected and back on sale.' : 'Inspected.')(
                await adminApi('POST /returns/:number/inspect', {
                  params,
                  body: { version: r.version, condition, restock, note },
                }),
              ),
            )
          }
        >
          Save inspection
        </button>
      </section>
    );
  const refundStep = (
    <section className={box} aria-labelledby="refund">
      <h2 id="refund" className="text-sm font-semibold">
        {r.resolution === 'exchange' ? 'Or refund instead' : 'Refund'}
      </h2>
      <p className="mt-2 text-sm text-muted">To the way the customer paid: gift cards first, then the card.</p>
      <button
        type="button"
        className={`${r.resolution === 'exchange' ? 'btn-secondary' : 'btn-primary'} mt-3 px-4 py-2`}
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        Refund {money(refundCents)}
      </button>
      <Confirm
        open={asking}
        title={`Refund ${money(refundCents)}?`}
        body={`The money goes back to ${r.order.customer} now and cannot be taken back here.`}
        action={`Refund ${money(refundCents)}`}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void run(async () =>
            done('Refunded. The customer is told by e-mail.')(
              await adminApi('POST /returns/:number/refund', { params, body: { version: r.version } }),
            ),
          );
        }}
      />
    </section>
  );
  if (r.resolution !== 'exchange') return refundStep;
  return (
    <>
      {r.status === 'awaiting-payment' && r.exchange && (
        <p className={`${box} text-sm`} role="status">
          Waiting for {r.order.customer} to pay the difference of {money(r.exchange.differenceCents)} from the link we
          e-mailed. The replacement order is made when they pay.
        </p>
      )}
      <ExchangeStep r={r} onDone={onDone} />
      {refundStep}
    </>
  );
}

/** The replacement offered (or made): its pieces, its total, the credit and the difference. */
function ExchangeOfferBox({ offer }: { offer: ExchangeOffer }) {
  return (
    <section className={box} aria-labelledby="replacement">
      <h2 id="replacement" className="text-sm font-semibold">
        Replacement
        {offer.orderNumber && (
          <>
            {' · '}
            <Link to={`/admin/orders/${offer.orderNumber}`} className="font-normal text-primary underline">
              Order {offer.orderNumber}
            </Link>
          </>
        )}
      </h2>
      <OfferSums offer={offer} />
    </section>
  );
}

function OfferSums({ offer }: { offer: ExchangeOffer }) {
  return (
    <>
      <ul className="mt-2 divide-y divide-hairline text-sm">
        {offer.lines.map((l) => (
          <li key={l.sku} className="flex justify-between gap-3 py-1">
            <span>
              {l.title}
              {l.quantity > 1 ? ` × ${l.quantity}` : ''} <span className="text-xs text-muted">{l.sku}</span>
            </span>
            <span>{money(l.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted">Sales tax (at the order’s address)</dt>
          <dd>{money(offer.taxCents)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted">Shipping</dt>
          <dd>Free</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted">Credit for what came back</dt>
          <dd>−{money(offer.creditCents)}</dd>
        </div>
        <div className="flex justify-between border-t border-hairline pt-1 font-medium">
          <dt>
            {offer.differenceCents > 0
              ? offer.orderNumber
                ? 'The customer paid'
                : 'The customer pays'
              : offer.orderNumber
                ? 'We refunded'
                : 'We refund'}
          </dt>
          <dd data-testid="exchange-difference">{money(Math.abs(offer.differenceCents))}</dd>
        </div>
      </dl>
    </>
  );
}

/** Choose the replacement by SKU, see it priced against the credit, then make the exchange. */
function ExchangeStep({ r, onDone }: { r: AdminReturn; onDone: (r: AdminReturn) => void }) {
  const { busy, run } = useAdminAction();
  const [rows, setRows] = useState([{ sku: '', quantity: 1 }]);
  const [priced, setPriced] = useState<ExchangeOffer | null>(null);
  const [asking, setAsking] = useState(false);
  const params = { number: r.number };
  const lines = rows.filter((x) => x.sku.trim()).map((x) => ({ sku: x.sku.trim(), quantity: x.quantity }));
  const edit = (i: number, patch: Partial<{ sku: string; quantity: number }>) => {
    setRows(rows.map((x, j) => (j === i ? { ...x, ...patch } : x)));
    setPriced(null);
  };
  return (
    <section className={box} aria-labelledby="exchange">
      <h2 id="exchange" className="text-sm font-semibold">
        {r.status === 'awaiting-payment' ? 'Offer another replacement' : 'Exchange'}
      </h2>
      <p className="mt-1 text-sm text-muted">
        The replacement by SKU (the product page lists each size and length). It ships free; what came back is credited
        at what was paid.
      </p>
      <ul className="mt-3 space-y-2">
        {rows.map((x, i) => (
          <li key={i} className="flex items-end gap-2">
            <label className="flex-1 text-sm">
              <span className="mb-1 block font-medium">SKU</span>
              <input
                className="field py-1.5"
                value={x.sku}
                autoComplete="off"
                onChange={(e) => edit(i, { sku: e.target.value })}
              />
            </label>
            <label className="w-20 text-sm">
              <span className="mb-1 block font-medium">Qty</span>
              <input
                type="number"
                min={1}
                max={10}
                className="field py-1.5"
                value={x.quantity}
                onChange={(e) => edit(i, { quantity: Math.max(1, Math.min(10, Number(e.target.value) || 1)) })}
              />
            </label>
            {rows.length > 1 && (
              <button
                type="button"
                className="btn-secondary px-2 py-1.5 text-xs"
                onClick={() => {
                  setRows(rows.filter((_, j) => j !== i));
                  setPriced(null);
                }}
                aria-label={`Remove line ${i + 1}`}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      {rows.length < 10 && (
        <button
          type="button"
          className="mt-2 text-sm text-primary underline"
          onClick={() => setRows([...rows, { sku: '', quantity: 1 }])}
        >
          Add another piece
        </button>
      )}
      {priced && <OfferSums offer={priced} />}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={`${priced ? 'btn-secondary' : 'btn-primary'} px-4 py-2`}
          disabled={busy || !lines.length}
          onClick={() =>
            void run(async () => {
              const next = await adminApi('POST /returns/:number/exchange', {
                params,
                body: { version: r.version, lines, preview: true },
              });
              setPriced(next.exchange);
            })
          }
        >
          Price it
        </button>
        {priced && (
          <button type="button" className="btn-primary px-4 py-2" disabled={busy} onClick={() => setAsking(true)}>
            {priced.differenceCents > 0 ? 'Ask the customer to pay' : 'Make the exchange'}
          </button>
        )}
      </div>
      <Confirm
        open={asking}
        title={priced && priced.differenceCents > 0 ? 'Ask the customer to pay the difference?' : 'Make the exchange?'}
        body={
          priced && priced.differenceCents > 0
            ? `${r.order.customer} is e-mailed a link to pay ${money(priced.differenceCents)}; the replacement order is made when they pay.`
            : `The replacement order is made now${
                priced && priced.differenceCents < 0
                  ? ` and ${money(-priced.differenceCents)} refunded to the way ${r.order.customer} paid`
                  : ''
              }. This cannot be undone here.`
        }
        action={priced && priced.differenceCents > 0 ? 'E-mail the link' : 'Make the exchange'}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void run(async () => {
            const next = await adminApi('POST /returns/:number/exchange', {
              params,
              body: { version: r.version, lines, preview: false },
            });
            onDone(next);
            setPriced(null);
            toast.success(
              next.status === 'exchanged'
                ? `Exchanged: replacement order ${next.exchange?.orderNumber}. The customer is told by e-mail.`
                : 'The customer has the link to pay the difference by e-mail.',
            );
          });
        }}
      />
    </section>
  );
}

const toBase64 = (f: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('The label could not be read.'));
    reader.readAsDataURL(f);
  });
