import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Route } from './+types/order-service';
import {
  SERVICE_KIND_LABELS,
  SERVICE_PHOTOS_MAX,
  TICKET_STATUS_LABELS,
  type OrderService,
} from '@facet/contracts/service-tickets';
import { paths } from '@facet/contracts/paths';
import { callApi } from '~/lib/client-api.ts';
import { ApiError } from '~/lib/api.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { PiecePhotos } from '~/components/piece-photos.tsx';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Resize or repair', noindex: true });

/** Ring sizes offered for a resize, in quarter sizes (what the workshop cuts to). */
const SIZES = Array.from({ length: 41 }, (_, i) => 3 + i / 4);
const sizeText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));
const dayText = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));

type Field = 'line' | 'kind' | 'targetSize' | 'note';

/** A customer asks for a resize or a repair of a piece of their order, and sees how earlier requests stand. */
export default function OrderServicePage() {
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const api = `/order/${encodeURIComponent(number)}/service`;
  const [data, setData] = useState<OrderService | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [line, setLine] = useState<number | null>(null);
  const [kind, setKind] = useState<'resize' | 'repair'>('repair');
  const [size, setSize] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [sent, setSent] = useState<string | null>(null);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    callApi<OrderService>(`${api}${query}`)
      .then(setData)
      .catch((e) =>
        setFailure(
          e instanceof ApiError && e.status === 404
            ? 'We could not find that order. Use the link in your delivery e-mail, or sign in to see your orders.'
            : (e as Error).message,
        ),
      );
  }, [api, query]);

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

  const chosen = data.lines.find((l) => l.line === line) ?? null;
  const open = data.lines.some((l) => l.serviceable);
  const fieldId = (f: Field) => `${id}-${f}`;
  const refuse = (found: Partial<Record<Field | 'form', string>>) => {
    setErrors(found);
    const first = (['line', 'kind', 'targetSize', 'note'] as const).find((f) => found[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  };
  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!chosen) found.line = 'Choose the piece.';
    else if (kind === 'resize' && !chosen.resizable) found.kind = 'This piece cannot be resized.';
    if (kind === 'resize' && !size) found.targetSize = 'Choose the size to make it.';
    if (kind === 'repair' && note.trim().length < 10) found.note = 'Tell us what needs mending (a few words).';
    if (Object.keys(found).length) return refuse(found);
    setBusy(true);
    setErrors({});
    try {
      const after = await callApi<OrderService>(`${api}${query}`, {
        method: 'POST',
        body: { line: chosen!.line, kind, targetSize: kind === 'resize' ? Number(size) : null, note },
      });
      setData(after);
      setLine(null);
      setSize('');
      setNote('');
      setSent(after.tickets[0]?.number ?? null);
    } catch (e) {
      const fields = e instanceof ApiError ? e.errors : undefined;
      refuse({ ...(fields as Partial<Record<Field, string>>), form: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const errorOf = (f: Field) =>
    errors[f] ? (
      <p id={`${fieldId(f)}-error`} className="mt-1 text-sm text-danger">
        {errors[f]}
      </p>
    ) : null;
  const described = (f: Field) =>
    errors[f] ? { 'aria-describedby': `${fieldId(f)}-error`, 'aria-invalid': true } : {};

  return (
    <div className="mx-auto max-w-3xl px-4 pb-24 pt-10 lg:px-8">
      <p className="eyebrow text-muted">Order {data.number}</p>
      <h1 className="mt-2 font-display text-4xl">Resize or repair</h1>
      <p className="mt-3 text-muted">
        {data.freeResizeDays > 0
          ? `A ring or band bought here is resized free once within ${data.freeResizeDays} days of delivery. `
          : ''}
        Any other work is estimated first: nothing is charged until you approve the estimate we e-mail you.
      </p>

      {sent && (
        <p role="status" className="mt-6 border border-primary bg-secondary/50 p-4 text-sm">
          We have your request <strong>{sent}</strong> and have e-mailed you where to send the piece. You may add
          photographs of it below.
        </p>
      )}

      {data.tickets.length > 0 && (
        <section className="mt-8" aria-labelledby={`${id}-asked`}>
          <h2 id={`${id}-asked`} className="font-display text-2xl">
            Your requests
          </h2>
          <ul className="mt-3 divide-y divide-hairline border-y border-hairline">
            {data.tickets.map((t) => (
              <li key={t.number} className="py-4 text-sm" data-testid="service-request">
                <p className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium">
                    {t.number} · {SERVICE_KIND_LABELS[t.kind]}
                    {t.targetSize !== null ? ` to size ${sizeText(t.targetSize)}` : ''}
                    {t.free ? ' (free)' : ''}
                  </span>
                  <span>{TICKET_STATUS_LABELS[t.status]}</span>
                </p>
                <p className="text-muted">
                  {t.title} · asked {dayText(t.createdAt)}
                </p>
                {t.status === 'requested' && (
                  <PiecePhotos
                    count={t.photos}
                    max={SERVICE_PHOTOS_MAX}
                    hint="You may add photographs of the piece: what needs mending, or how it fits (optional)."
                    upload={async (file) => {
                      const body = new FormData();
                      body.set('photo', file);
                      setData(
                        await callApi<OrderService>(`${api}/${t.number}/photos${query}`, {
                          method: 'POST',
                          body,
                          timeoutMs: 120_000,
                        }),
                      );
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <form
        ref={form}
        method="post"
        onSubmit={(e) => void submit(e)}
        noValidate
        className="mt-8"
        aria-labelledby={`${id}-form`}
      >
        <h2 id={`${id}-form`} className="font-display text-2xl">
          {data.tickets.length ? 'Ask about another piece' : 'Which piece?'}
        </h2>
        <fieldset className="mt-3" {...described('line')}>
          <legend className="sr-only">The piece</legend>
          <ul className="divide-y divide-hairline border-y border-hairline">
            {data.lines.map((l, i) => (
              <li key={l.line} className="flex gap-4 py-4">
                <img src={l.image} alt="" width={64} height={64} className="h-16 w-16 shrink-0 bg-panel" />
                <label className="flex min-w-0 flex-1 items-start gap-3">
                  <input
                    type="radio"
                    name="line"
                    className="mt-1 h-4 w-4 accent-primary"
                    disabled={!l.serviceable}
                    checked={line === l.line}
                    data-field={i === data.lines.findIndex((x) => x.serviceable) ? 'line' : undefined}
                    onChange={() => {
                      setLine(l.line);
                      if (!l.resizable) setKind('repair');
                    }}
                  />
                  <span>
                    <span className="font-medium">{l.title}</span>
                    <span className="block text-xs text-muted">{l.details.join(' · ')}</span>
                    {l.why ? (
                      <span className="mt-1 block text-sm text-muted">{l.why}</span>
                    ) : (
                      <span className="mt-1 block text-sm text-muted">
                        {l.freeResize
                          ? 'Its first resize is free now.'
                          : l.resizable
                            ? 'Can be resized or repaired.'
                            : 'Can be repaired (not resized).'}
                      </span>
                    )}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {errorOf('line')}
        </fieldset>
        {open ? (
          <div className="mt-6 space-y-4">
            <fieldset {...described('kind')}>
              <legend className="mb-1 text-sm font-medium">What does it need?</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
                {(
                  [
                    ['resize', 'A resize'],
                    ['repair', 'A repair (a loose stone, a clasp, a bent prong)'],
                  ] as const
                ).map(([value, text]) => (
                  <label key={value} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="kind"
                      value={value}
                      className="h-4 w-4 accent-primary"
                      data-field={value === 'resize' ? 'kind' : undefined}
                      disabled={value === 'resize' && chosen !== null && !chosen.resizable}
                      checked={kind === value}
                      onChange={() => setKind(value)}
                    />
                    {text}
                  </label>
                ))}
              </div>
              {errorOf('kind')}
            </fieldset>
            {kind === 'resize' && (
              <div>
                <label htmlFor={fieldId('targetSize')} className="mb-1 block text-sm font-medium">
                  The size to make it
                </label>
                <select
                  id={fieldId('targetSize')}
                  data-field="targetSize"
                  className="field w-40 py-2"
                  value={size}
                  onChange={(e) => setSize(e.target.value)}
                  {...described('targetSize')}
                >
                  <option value="">Choose a size</option>
                  {SIZES.map((s) => (
                    <option key={s} value={s}>
                      {sizeText(s)}
                    </option>
                  ))}
                </select>
                {errorOf('targetSize')}
              </div>
            )}
            <div>
              <label htmlFor={fieldId('note')} className="mb-1 block text-sm font-medium">
                {kind === 'repair' ? 'What needs mending?' : 'Anything we should know?'}{' '}
                {kind === 'resize' && <span className="font-normal text-muted">(optional)</span>}
              </label>
              <textarea
                id={fieldId('note')}
                data-field="note"
                className="field py-2"
                rows={3}
                maxLength={1000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                {...described('note')}
              />
              {errorOf('note')}
            </div>
            <p className="text-sm text-muted">
              We e-mail you where to send the piece (insured) or you may bring it in. Once it is here we tell you the
              day it will be ready
              {kind === 'repair' || !chosen?.freeResize ? ', with an estimate to approve before any work starts' : ''}.
            </p>
            {errors.form && (
              <p role="alert" className="text-sm text-danger">
                {errors.form}
              </p>
            )}
            <button type="submit" className="btn-primary px-8 py-3" disabled={busy}>
              {busy ? 'Sending…' : 'Send the request'}
            </button>
          </div>
        ) : (
          <p className="mt-4 text-sm text-muted">Nothing on this order can be sent to the workshop now.</p>
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
