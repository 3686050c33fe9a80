import { useState } from 'react';
import {
  DATE_KINDS,
  DATE_KIND_LABELS,
  FINGERS,
  HANDS,
  MONTHS,
  customerRecord,
  type CustomerRecord,
  type KeptDate,
  type RingSizeEntry,
} from '@facet/contracts/customer-record';

// Ring sizes by finger, a partner's name and the dates to remember: one editor for the customer's
// account and the back office's customer page (each saves through its own API).

const SIZES = Array.from({ length: 41 }, (_, i) => 3 + i * 0.25);
const sizeText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export function CustomerRecordEditor({
  initial,
  onSave,
  dense = false,
}: {
  initial: CustomerRecord;
  onSave: (r: CustomerRecord) => Promise<CustomerRecord>;
  /** The back office's quieter layout. */
  dense?: boolean;
}) {
  const [r, setR] = useState<CustomerRecord>(initial);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const field = dense ? 'field py-1.5 text-sm' : 'field';
  const setSize = (i: number, patch: Partial<RingSizeEntry>) =>
    setR({ ...r, ringSizes: r.ringSizes.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  const setDate = (i: number, patch: Partial<KeptDate>) =>
    setR({ ...r, dates: r.dates.map((d, j) => (j === i ? { ...d, ...patch } : d)) });
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setStatus('');
    const checked = customerRecord.safeParse(r);
    if (!checked.success) {
      setError(checked.error.issues[0]!.message);
      return;
    }
    setError('');
    setBusy(true);
    try {
      setR(await onSave(checked.data));
      setStatus('Saved.');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Not saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form method="post" onSubmit={save} className="space-y-5" aria-label="Sizes and dates">
      <label className="block text-sm">
        <span className="mb-1 block font-medium">Partner’s name</span>
        <input
          className={field}
          value={r.partnerName}
          maxLength={80}
          autoComplete="off"
          onChange={(e) => setR({ ...r, partnerName: e.currentTarget.value })}
        />
      </label>

      <fieldset>
        <legend className="text-sm font-medium">Ring sizes</legend>
        {r.ringSizes.length === 0 && <p className="mt-1 text-sm text-muted">None kept yet.</p>}
        <ul className="mt-2 space-y-2">
          {r.ringSizes.map((s, i) => (
            <li key={i} className="flex flex-wrap items-center gap-2">
              <select
                aria-label={`Hand ${i + 1}`}
                className={`${field} w-auto`}
                value={s.hand}
                onChange={(e) => setSize(i, { hand: e.currentTarget.value as RingSizeEntry['hand'] })}
              >
                {HANDS.map((h) => (
                  <option key={h} value={h}>
                    {cap(h)} hand
                  </option>
                ))}
              </select>
              <select
                aria-label={`Finger ${i + 1}`}
                className={`${field} w-auto`}
                value={s.finger}
                onChange={(e) => setSize(i, { finger: e.currentTarget.value as RingSizeEntry['finger'] })}
              >
                {FINGERS.map((f) => (
                  <option key={f} value={f}>
                    {cap(f)} {f === 'thumb' ? '' : 'finger'}
                  </option>
                ))}
              </select>
              <select
                aria-label={`Size ${i + 1}`}
                className={`${field} w-auto`}
                value={s.size}
                onChange={(e) => setSize(i, { size: Number(e.currentTarget.value) })}
              >
                {SIZES.map((n) => (
                  <option key={n} value={n}>
                    Size {sizeText(n)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="text-sm text-primary underline underline-offset-4"
                onClick={() => setR({ ...r, ringSizes: r.ringSizes.filter((_, j) => j !== i) })}
              >
                Remove<span className="sr-only"> size {i + 1}</span>
              </button>
            </li>
          ))}
        </ul>
        {r.ringSizes.length < 10 && (
          <button
            type="button"
            className="mt-2 text-sm font-medium text-primary underline underline-offset-4"
            onClick={() => {
              const free = HANDS.flatMap((hand) => FINGERS.map((finger) => ({ hand, finger }))).find(
                (c) => !r.ringSizes.some((s) => s.hand === c.hand && s.finger === c.finger),
              )!;
              setR({ ...r, ringSizes: [...r.ringSizes, { ...free, size: 6 }] });
            }}
          >
            Add a ring size
          </button>
        )}
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium">Dates to remember</legend>
        {r.dates.length === 0 && <p className="mt-1 text-sm text-muted">None kept yet.</p>}
        <ul className="mt-2 space-y-2">
          {r.dates.map((d, i) => (
            <li key={i} className="flex flex-wrap items-center gap-2">
              <select
                aria-label={`Occasion ${i + 1}`}
                className={`${field} w-auto`}
                value={d.kind}
                onChange={(e) => setDate(i, { kind: e.currentTarget.value as KeptDate['kind'] })}
              >
                {DATE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {DATE_KIND_LABELS[k]}
                  </option>
                ))}
              </select>
              <select
                aria-label={`Month ${i + 1}`}
                className={`${field} w-auto`}
                value={d.month}
                onChange={(e) => setDate(i, { month: Number(e.currentTarget.value) })}
              >
                {MONTHS.map((m, n) => (
                  <option key={m} value={n + 1}>
                    {m}
                  </option>
                ))}
              </select>
              <select
                aria-label={`Day ${i + 1}`}
                className={`${field} w-auto`}
                value={d.day}
                onChange={(e) => setDate(i, { day: Number(e.currentTarget.value) })}
              >
                {Array.from({ length: 31 }, (_, n) => (
                  <option key={n} value={n + 1}>
                    {n + 1}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="text-sm text-primary underline underline-offset-4"
                onClick={() => setR({ ...r, dates: r.dates.filter((_, j) => j !== i) })}
              >
                Remove<span className="sr-only"> date {i + 1}</span>
              </button>
            </li>
          ))}
        </ul>
        {r.dates.length < 10 && (
          <button
            type="button"
            className="mt-2 text-sm font-medium text-primary underline underline-offset-4"
            onClick={() => setR({ ...r, dates: [...r.dates, { kind: 'anniversary', month: 1, day: 1 }] })}
          >
            Add a date
          </button>
        )}
      </fieldset>

      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div className="flex items-center gap-4">
        <button type="submit" className={dense ? 'btn-primary py-2' : 'btn-primary'} disabled={busy}>
          {busy ? 'Saving…' : 'Save sizes and dates'}
        </button>
        <p role="status" className="text-sm text-muted">
          {status}
        </p>
      </div>
    </form>
  );
}
