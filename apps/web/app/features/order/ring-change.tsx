import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney } from '@facet/contracts/money';
import type { OrderChangePreview } from '@facet/contracts/order-changes';
import { callApi } from '~/lib/client-api.ts';

const money = (c: number) => formatMoney(c, { exact: true });

/**
 * Another size or metal for a ring not yet being made: the options and the new total come from the
 * server (a preview), then the change is made; more to pay goes to the pay page, less is refunded.
 */
export function RingChange({
  number,
  token,
  line,
  onChanged,
}: {
  number: string;
  token: string | null;
  line: number;
  onChanged: () => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const [first, setFirst] = useState<OrderChangePreview | null>(null);
  const [preview, setPreview] = useState<OrderChangePreview | null>(null);
  const [size, setSize] = useState<number | null>(null);
  const [metal, setMetal] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const ask = (change: { line: number; size?: number; metal?: string }, make = false) =>
    callApi<OrderChangePreview>(`/order/${encodeURIComponent(number)}/changes`, {
      method: 'POST',
      body: { ...(token ? { token } : {}), change, preview: !make },
    });
  useEffect(() => {
    ask({ line })
      .then((p) => {
        setFirst(p);
        setSize(p.before.size);
        setMetal(p.before.metal);
      })
      .catch((e) => setError((e as Error).message));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening
  }, []);
  const change = (s: number | null, m: string) => ({
    line,
    ...(s !== null && s !== first?.before.size ? { size: s } : {}),
    ...(m !== first?.before.metal ? { metal: m } : {}),
  });
  const choose = async (s: number | null, m: string) => {
    setSize(s);
    setMetal(m);
    setError(null);
    setPreview(null);
    if (s === first?.before.size && m === first?.before.metal) return;
    try {
      setPreview(await ask(change(s, m)));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const make = async () => {
    setBusy(true);
    setError(null);
    try {
      const made = await ask(change(size, metal), true);
      if (made.payUrl) return navigate(new URL(made.payUrl).pathname + new URL(made.payUrl).search);
      setDone(
        made.differenceCents < 0
          ? `Changed. We refunded ${money(-made.differenceCents)} to the way you paid.`
          : 'Changed. The total is the same.',
      );
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (done)
    return (
      <p role="status" className="mt-3 text-sm text-primary">
        {done}
      </p>
    );
  if (!first)
    return error ? (
      <p role="alert" className="mt-3 text-sm text-danger">
        {error}
      </p>
    ) : (
      <div aria-busy="true" className="mt-3 h-16 animate-pulse bg-panel" />
    );
  const d = preview?.differenceCents ?? 0;
  return (
    <div className="mt-3 space-y-3 border border-hairline p-3 text-sm">
      <div className="flex flex-wrap gap-3">
        {first.options.sizes.length > 0 && (
          <label className="block">
            <span className="mb-1 block font-medium">Size</span>
            <select
              className="field py-2"
              value={size ?? ''}
              onChange={(e) => void choose(Number(e.target.value), metal)}
              aria-describedby={`${id}-total`}
            >
              {first.options.sizes.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="block">
          <span className="mb-1 block font-medium">Metal</span>
          <select
            className="field py-2"
            value={metal}
            onChange={(e) => void choose(size, e.target.value)}
            aria-describedby={`${id}-total`}
          >
            {first.options.metals.map((m) => (
              <option key={m.code} value={m.code}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id={`${id}-total`} aria-live="polite">
        {preview
          ? `New total ${money(preview.totalAfterCents)}: ${
              d > 0 ? `${money(d)} more to pay` : d < 0 ? `${money(-d)} back to you` : 'the same'
            }.`
          : 'Choose another size or metal to see the new total.'}
      </p>
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
      <button type="button" className="btn-primary px-4 py-2" disabled={!preview || busy} onClick={() => void make()}>
        {busy ? 'Changing…' : d > 0 ? `Change it and pay ${money(d)}` : 'Make this change'}
      </button>
    </div>
  );
}
