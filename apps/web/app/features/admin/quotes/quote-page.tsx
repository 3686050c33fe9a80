import { useState } from 'react';
import { Link } from 'react-router';
import { decimalPrice, formatMoney } from '@facet/contracts/money';
import { QUOTE_STATUS_LABELS, type AdminQuote } from '@facet/contracts/quotes';
import { adminApi } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { Confirm } from '~/features/admin/shared/confirm.tsx';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';
import { QuoteSummary } from '~/components/quote-summary.tsx';
import { toast } from '~/lib/toast.ts';
import { QuoteFiles } from './quote-files.tsx';
import { editorLinesOf, VersionFields, versionBody, inDays, type EditorValues } from './quote-editor.tsx';

const box = 'border border-hairline bg-white p-4';
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dayText = (d: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));

/** One quote: its current version, what it holds, sending or withdrawing it, the next version, its history. */
export function AdminQuotePage({ loaderData }: { loaderData: AdminQuote }) {
  const [q, setQ] = useState(loaderData);
  const [seen, setSeen] = useState(loaderData);
  if (seen !== loaderData) {
    setSeen(loaderData);
    setQ(loaderData);
  }
  const { busy, run } = useAdminAction();
  const [confirm, setConfirm] = useState<'send' | 'withdraw' | null>(null);
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const current = q.versions[0]!;
  const [draft, setDraft] = useState<EditorValues | null>(null);
  const open = q.status === 'draft' || q.status === 'sent' || q.status === 'expired';

  const startEditing = () => {
    setDraft({
      lines: editorLinesOf(current.lines),
      depositKind: current.deposit.kind,
      percent: current.deposit.kind === 'percent' ? String(current.deposit.percent) : '30',
      amount: current.deposit.kind === 'amount' ? decimalPrice(current.deposit.cents) : '',
      expiresOn: q.status === 'expired' ? inDays(14) : current.expiresOn,
      message: '',
    });
    setErrors({});
    setEditing(true);
  };
  const act = (action: 'send' | 'withdraw') =>
    void run(async () => {
      setQ(await adminApi('POST /quotes/:number/action', { params: { number: q.number }, body: { action } }));
      toast.success(
        action === 'send' ? `Quote e-mailed to ${q.email}.` : 'Quote withdrawn; its stones are back on sale.',
      );
    });
  const saveVersion = (ev: React.FormEvent) => {
    ev.preventDefault();
    void run(
      async () => {
        const next = await adminApi('POST /quotes/:number/versions', {
          params: { number: q.number },
          body: { ...versionBody(draft!), baseVersion: current.number },
        });
        setQ(next);
        setEditing(false);
        toast.success(
          q.status === 'sent'
            ? `Version ${next.version} saved and e-mailed to ${q.email}.`
            : `Version ${next.version} saved.`,
        );
      },
      (e) => setErrors(e ?? {}),
    );
  };

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/quotes" className="text-primary underline">
          ← Quotes
        </Link>
      </p>
      <AdminHeading title={`Quote ${q.number}`}>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="border border-hairline bg-panel px-2 py-0.5 text-xs font-medium" data-testid="quote-status">
            {QUOTE_STATUS_LABELS[q.status]}
          </span>
          <span className="text-muted">
            Version {current.number} · open until {dayText(current.expiresOn)}
          </span>
          {open && q.status !== 'expired' && (
            <button
              type="button"
              className="btn-primary px-4 py-2"
              disabled={busy || editing}
              onClick={() => setConfirm('send')}
            >
              {q.status === 'sent' ? 'Send again' : 'Send to the customer'}
            </button>
          )}
          {open && !editing && (
            <button type="button" className="btn-secondary px-4 py-2" disabled={busy} onClick={startEditing}>
              New version
            </button>
          )}
          {open && (
            <button
              type="button"
              className="btn-secondary px-4 py-2"
              disabled={busy}
              onClick={() => setConfirm('withdraw')}
            >
              Withdraw
            </button>
          )}
        </div>
      </AdminHeading>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-4">
          {editing && draft ? (
            <form
              method="post"
              onSubmit={saveVersion}
              noValidate
              className={`${box} space-y-6`}
              aria-label="New version"
            >
              <h2 className="text-sm font-semibold">Version {current.number + 1}</h2>
              <VersionFields values={draft} onChange={setDraft} errors={errors} />
              <div className="flex flex-wrap gap-3">
                <button type="submit" className="btn-primary px-6 py-2" disabled={busy}>
                  {busy ? 'Saving…' : q.status === 'sent' ? 'Save and e-mail the customer' : 'Save the version'}
                </button>
                <button type="button" className="btn-secondary px-6 py-2" onClick={() => setEditing(false)}>
                  Cancel
                </button>
              </div>
            </form>
          ) : (
            <section className={box} aria-labelledby="current">
              <h2 id="current" className="mb-3 text-sm font-semibold">
                Version {current.number}, as the customer sees it
              </h2>
              {current.message && <p className="mb-3 whitespace-pre-line text-sm">{current.message}</p>}
              <QuoteSummary v={current} />
            </section>
          )}
          {q.versions.length > 1 && (
            <section className={box} aria-labelledby="versions">
              <h2 id="versions" className="mb-2 text-sm font-semibold">
                Versions
              </h2>
              <ol className="space-y-2 text-sm">
                {q.versions.map((v) => (
                  <li key={v.number}>
                    <span className="font-medium">Version {v.number}</span> · {when.format(new Date(v.createdAt))} ·{' '}
                    {formatMoney(v.amounts.totalCents, { exact: true })}
                    {v.changes.length > 0 && (
                      <ul className="list-disc pl-5 text-muted">
                        {v.changes.map((c) => (
                          <li key={c}>{c}</li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
        <aside className="space-y-4">
          <QuoteFiles q={q} onChange={setQ} />
          <section className={box} aria-labelledby="customer">
            <h2 id="customer" className="text-sm font-semibold">
              Customer
            </h2>
            <p className="mt-2 text-sm">
              {q.address.name}
              <br />
              {q.email}
              <br />
              {q.address.line1}
              {q.address.line2 ? `, ${q.address.line2}` : ''}
              <br />
              {q.address.city}, {q.address.state} {q.address.zip}
            </p>
            <p className="mt-2 text-xs text-muted">
              {q.userId ? 'Has an account: the quote is listed there.' : 'No account with this e-mail.'}
            </p>
          </section>
          <section className={box} aria-labelledby="holds">
            <h2 id="holds" className="text-sm font-semibold">
              Held for the customer
            </h2>
            {q.holds.length ? (
              <ul className="mt-2 list-disc pl-5 text-sm">
                {q.holds.map((h) => (
                  <li key={h}>{h}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-muted">
                {q.status === 'draft' ? 'Its stones are held once it is sent.' : 'Nothing is held.'}
              </p>
            )}
            {q.orderNumber && (
              <p className="mt-3 text-sm">
                Accepted: order{' '}
                <Link to={`/admin/orders/${q.orderNumber}`} className="text-primary underline">
                  {q.orderNumber}
                </Link>
              </p>
            )}
          </section>
          <section className={box} aria-labelledby="history">
            <h2 id="history" className="text-sm font-semibold">
              History
            </h2>
            <ol className="mt-2 space-y-1 text-sm">
              {q.events.map((e, i) => (
                <li key={i}>
                  {e.what}{' '}
                  <span className="text-muted">
                    · {when.format(new Date(e.at))} · {e.by}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
      <Confirm
        open={confirm !== null}
        tone={confirm === 'send' ? 'forward' : 'danger'}
        title={confirm === 'send' ? `Send quote ${q.number}?` : `Withdraw quote ${q.number}?`}
        body={
          confirm === 'send'
            ? `${q.email} is e-mailed a link to version ${current.number} (the link in any earlier e-mail stops working), and its stones are held until ${dayText(current.expiresOn)}.`
            : 'Its stones go back on sale at once and its link stops working. The customer is told if it was sent.'
        }
        action={confirm === 'send' ? 'Send' : 'Withdraw'}
        onConfirm={() => {
          const a = confirm!;
          setConfirm(null);
          act(a);
        }}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}
