import { useState } from 'react';
import { Link } from 'react-router';
import {
  SERVICE_KIND_LABELS,
  TICKET_NEXT,
  TICKET_STATUS_LABELS,
  type AdminTicket,
} from '@facet/contracts/service-tickets';
import { centsOf, formatMoney } from '@facet/contracts/money';
import { adminApi } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';
import { toast } from '~/lib/toast.ts';

const box = 'border border-hairline bg-white p-4';
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dayText = (d: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));
const NEXT_LABEL = {
  in_work: 'Start the work',
  ready: 'Mark ready to collect',
  returned: 'Mark returned to the customer',
};

/** One piece in the workshop: intake, estimate, and the next step. */
export function AdminServiceTicket({ loaderData }: { loaderData: AdminTicket }) {
  const [t, setT] = useState(loaderData);
  const [seen, setSeen] = useState(loaderData);
  if (seen !== loaderData) {
    setSeen(loaderData);
    setT(loaderData);
  }
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/service" className="text-primary underline">
          ← Service
        </Link>
      </p>
      <AdminHeading title={`Ticket ${t.number}`}>
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
          <span
            className="border border-hairline bg-panel px-2 py-0.5 text-xs font-medium text-ink"
            data-testid="ticket-status"
          >
            {TICKET_STATUS_LABELS[t.status]}
          </span>
          {t.status === 'requested' ? (
            <span>Asked online {dayText(t.createdAt.slice(0, 10))}</span>
          ) : (
            <>
              <span>Due {dayText(t.dueOn)}</span>
              <Link to={`/admin/service/${t.number}/receipt`} className="text-primary underline">
                Intake receipt
              </Link>
            </>
          )}
        </div>
      </AdminHeading>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section className={box} aria-labelledby="piece">
          <h2 id="piece" className="text-sm font-semibold">
            {SERVICE_KIND_LABELS[t.kind]}
            {t.targetSize !== null ? ` to size ${t.targetSize}` : ''}
            {t.free ? ' · free' : ''}
          </h2>
          <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-y-1 text-sm">
            <dt className="text-muted">Piece</dt>
            <dd>{t.piece}</dd>
            {t.order && (
              <>
                <dt className="text-muted">Bought here</dt>
                <dd>
                  <Link to={`/admin/orders/${t.order.number}`} className="underline">
                    {t.order.number}
                  </Link>{' '}
                  · {t.order.title}
                </dd>
              </>
            )}
            <dt className="text-muted">Customer</dt>
            <dd>
              {t.customer.name} · {t.customer.email}
              {t.customer.phone ? ` · ${t.customer.phone}` : ''}
            </dd>
            <dt className="text-muted">Notes</dt>
            <dd className="whitespace-pre-line">{t.notes || '—'}</dd>
            <dt className="text-muted">Estimate</dt>
            <dd>
              {t.estimateCents === null ? '—' : formatMoney(t.estimateCents, { exact: true })}
              {t.estimateNote ? ` · ${t.estimateNote}` : ''}
            </dd>
            <dt className="text-muted">Paid</dt>
            <dd>
              {t.paid ? `${formatMoney(t.paid.cents, { exact: true })} · ${t.paid.brand} ending ${t.paid.last4}` : '—'}
            </dd>
          </dl>
          <IntakePhotos t={t} onDone={setT} />
          <h3 className="mt-4 text-sm font-semibold">History</h3>
          <ol className="mt-1 space-y-1 text-sm">
            {t.history.map((h, i) => (
              <li key={i}>
                {TICKET_STATUS_LABELS[h.status]}{' '}
                <span className="text-muted">
                  · {when.format(new Date(h.at))} · {h.by}
                </span>
              </li>
            ))}
          </ol>
        </section>
        <NextStep t={t} onDone={setT} />
      </div>
    </>
  );
}

/** Photographs of the piece as it came in: what the receipt and the workshop compare against. */
function IntakePhotos({ t, onDone }: { t: AdminTicket; onDone: (t: AdminTicket) => void }) {
  const { busy, run } = useAdminAction();
  const [file, setFile] = useState<File | null>(null);
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold">Intake photographs</h3>
      {t.photos.length === 0 ? (
        <p className="mt-1 text-sm text-muted">None yet: photograph the piece as it came in (marks, stones, clasp).</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Intake photographs">
          {t.photos.map((p, i) => (
            <li key={p.key}>
              <a href={p.large} target="_blank" rel="noreferrer">
                <img
                  src={p.small}
                  alt={`Intake photograph ${i + 1} of ${t.piece}`}
                  width={96}
                  height={Math.round((96 * p.height) / p.width)}
                  className="h-24 w-24 border border-hairline object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor="intake-photo" className="sr-only">
          Intake photograph
        </label>
        <input
          id="intake-photo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="text-sm"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <button
          type="button"
          className="btn-secondary px-3 py-1.5"
          disabled={busy || !file}
          onClick={() =>
            void run(async () => {
              const body = new FormData();
              body.set('photo', file!);
              onDone(
                await adminApi('POST /service-tickets/:number/photos', {
                  params: { number: t.number },
                  body,
                  timeoutMs: 120_000,
                }),
              );
              setFile(null);
              toast.success('Photograph added.');
            })
          }
        >
          {busy ? 'Adding…' : 'Add photograph'}
        </button>
      </div>
    </div>
  );
}

function NextStep({ t, onDone }: { t: AdminTicket; onDone: (t: AdminTicket) => void }) {
  const { busy, run } = useAdminAction();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [due, setDue] = useState(t.dueOn);
  const params = { number: t.number };
  if (t.status === 'received')
    return (
      <section className={box} aria-labelledby="estimate">
        <h2 id="estimate" className="text-sm font-semibold">
          Send the estimate
        </h2>
        <label htmlFor="est-amount" className="mt-3 block text-sm font-medium">
          Amount (dollars)
        </label>
        <input
          id="est-amount"
          inputMode="decimal"
          className="field mt-1 py-2"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <label htmlFor="est-note" className="mt-3 block text-sm font-medium">
          The work
        </label>
        <textarea
          id="est-note"
          rows={3}
          className="field mt-1 py-2"
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <label htmlFor="est-due" className="mt-3 block text-sm font-medium">
          Ready by
        </label>
        <input
          id="est-due"
          type="date"
          className="field mt-1 py-2"
          value={due}
          onChange={(e) => setDue(e.target.value)}
        />
        <button
          type="button"
          className="btn-primary mt-3 px-4 py-2"
          disabled={busy}
          onClick={() => {
            if (!/^\d+(\.\d{1,2})?$/.test(amount.trim()))
              return void toast.error('Give the amount in dollars, like 85 or 85.50.');
            void run(async () => {
              onDone(
                await adminApi('POST /service-tickets/:number/estimate', {
                  params,
                  body: { version: t.version, amountCents: centsOf(Number(amount)), note, dueOn: due },
                }),
              );
              toast.success('Estimate sent. The customer approves and pays it from the e-mail.');
            });
          }}
        >
          Send the estimate
        </button>
      </section>
    );
  if (t.status === 'requested')
    return (
      <section className={box} aria-labelledby="intake">
        <h2 id="intake" className="text-sm font-semibold">
          The piece came in
        </h2>
        <p className="mt-1 text-sm text-muted">
          Asked for online by the customer. When the piece arrives, say when it will be ready: the customer is told that
          day{t.free ? ' (the resize is free: it goes straight to approved)' : ', and you send the estimate next'}.
        </p>
        <label htmlFor="intake-due" className="mt-3 block text-sm font-medium">
          Ready by
        </label>
        <input
          id="intake-due"
          type="date"
          className="field mt-1 py-2"
          value={due}
          onChange={(e) => setDue(e.target.value)}
        />
        <button
          type="button"
          className="btn-primary mt-3 px-4 py-2"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              onDone(
                await adminApi('POST /service-tickets/:number/advance', {
                  params,
                  body: { version: t.version, dueOn: due },
                }),
              );
              toast.success('Marked received. The customer is told by e-mail.');
            })
          }
        >
          Mark the piece received
        </button>
      </section>
    );
  const next = TICKET_NEXT[t.status];
  if (!next)
    return (
      <p className={`${box} text-sm text-muted`}>
        {t.status === 'estimated'
          ? 'Waiting for the customer to approve the estimate (they have the link by e-mail).'
          : `Nothing left to do: ${TICKET_STATUS_LABELS[t.status].toLowerCase()}.`}
      </p>
    );
  return (
    <section className={box} aria-labelledby="next">
      <h2 id="next" className="text-sm font-semibold">
        Next
      </h2>
      <button
        type="button"
        className="btn-primary mt-3 px-4 py-2"
        disabled={busy}
        onClick={() =>
          void run(async () => {
            const after = await adminApi('POST /service-tickets/:number/advance', {
              params,
              body: { version: t.version },
            });
            onDone(after);
            toast.success(
              `${after.number} is now ${TICKET_STATUS_LABELS[after.status].toLowerCase()}; the customer is told by e-mail.`,
            );
          })
        }
      >
        {NEXT_LABEL[next as keyof typeof NEXT_LABEL]}
      </button>
    </section>
  );
}
