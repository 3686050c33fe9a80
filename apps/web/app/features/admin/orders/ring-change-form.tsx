import { useEffect, useId, useState } from 'react';
import type { AdminOrder } from '@facet/contracts/admin';
import { formatMoney } from '@facet/contracts/money';
import type { OrderChangePreview } from '@facet/contracts/order-changes';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { useAdminAction } from '../shared/use-admin-action.ts';

const money = (c: number) => formatMoney(c, { exact: true });

/**
 * A ring's size or metal changed by staff (the customer asked by phone): the new total first, then
 * the change; once the piece is in production, only with a note saying why.
 */
export function RingChangeForm({
  order,
  line,
  onChange,
  reload,
}: {
  order: AdminOrder;
  line: number;
  onChange: (o: AdminOrder) => void;
  reload: () => Promise<AdminOrder>;
}) {
  const id = useId();
  const { busy, run } = useAdminAction();
  const [first, setFirst] = useState<OrderChangePreview | null>(null);
  const [preview, setPreview] = useState<OrderChangePreview | null>(null);
  const [size, setSize] = useState<number | null>(null);
  const [metal, setMetal] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ask = (change: { line: number; size?: number; metal?: string }, make = false) =>
    adminApi('POST /orders/:number/changes', {
      params: { number: order.number },
      body: { version: order.version, change, preview: !make, note },
    });
  useEffect(() => {
    void ask({ line }).then((p) => {
      setFirst(p);
      setSize(p.before.size);
      setMetal(p.before.metal);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening
  }, []);
  if (!first) return <div aria-busy="true" className="mt-2 h-12 animate-pulse bg-panel" />;
  const change = (s: number | null, m: string) => ({
    line,
    ...(s !== null && s !== first.before.size ? { size: s } : {}),
    ...(m !== first.before.metal ? { metal: m } : {}),
  });
  const choose = (s: number | null, m: string) => {
    setSize(s);
    setMetal(m);
    setPreview(null);
    if (s === first.before.size && m === first.before.metal) return;
    void run(async () => setPreview(await ask(change(s, m))));
  };
  const make = () =>
    void run(
      async () => {
        const made = await ask(change(size, metal), true);
        toast.success(
          made.differenceCents > 0
            ? `Changed; the customer is e-mailed a link to pay ${money(made.differenceCents)}.`
            : made.differenceCents < 0
              ? `Changed; ${money(-made.differenceCents)} refunded.`
              : 'Changed.',
        );
        onChange(await reload());
      },
      (e) => setErrors(e ?? {}),
    );
  const d = preview?.differenceCents ?? 0;
  const inProduction = order.status === 'in_production';
  return (
    <div className="mt-2 space-y-2 border border-hairline p-3">
      <div className="flex flex-wrap gap-3">
        {first.options.sizes.length > 0 && (
          <label className="block text-xs">
            <span className="mb-1 block font-medium">Size</span>
            <select className="field py-1.5" value={size ?? ''} onChange={(e) => choose(Number(e.target.value), metal)}>
              {first.options.sizes.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="block text-xs">
          <span className="mb-1 block font-medium">Metal</span>
          <select className="field py-1.5" value={metal} onChange={(e) => choose(size, e.target.value)}>
            {first.options.metals.map((m) => (
              <option key={m.code} value={m.code}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {inProduction && (
        <label className="block text-xs">
          <span className="mb-1 block font-medium">Why, now that it is in production</span>
          <input
            className="field py-1.5"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? `${id}-note` : undefined}
          />
          {errors.note && (
            <span id={`${id}-note`} className="mt-1 block text-danger">
              {errors.note}
            </span>
          )}
        </label>
      )}
      <p className="text-xs" aria-live="polite">
        {preview
          ? `New total ${money(preview.totalAfterCents)} (${d >= 0 ? '+' : '−'}${money(Math.abs(d))}): ${
              d > 0 ? 'the customer is e-mailed a link to pay it' : d < 0 ? 'refunded at once' : 'nothing to pay'
            }.`
          : 'Choose another size or metal to see the new total.'}
      </p>
      <button type="button" className="btn-primary px-3 py-1.5 text-xs" disabled={!preview || busy} onClick={make}>
        Make the change
      </button>
    </div>
  );
}
