import { useState } from 'react';
import { useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  CARAT_POINTS_ANY,
  COST_CENTS_ANY,
  ROUNDING_LABELS,
  ROUNDINGS,
  markupRulesBody,
  type MarkupPreview,
  type MarkupRuleInput,
} from '@facet/contracts/admin-feeds';
import { centsOf, decimalPrice, formatMoney } from '@facet/contracts/money';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { Confirm } from '../shared/confirm.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';
import { caratOf, pointsOf } from '@facet/contracts/carats';

// Markup rules as a table of rows (react-hook-form's field array, as the product editor): bands
// are typed in carats and dollars, an empty upper bound means "no limit", and the body sent is
// checked by the contract's own schema before the server checks it again.

interface Row {
  origin: 'natural' | 'lab' | 'product' | 'any';
  caratMin: string;
  caratMax: string;
  costMin: string;
  costMax: string;
  multiplier: string;
  rounding: (typeof ROUNDINGS)[number];
}

const amount = z
  .string()
  .trim()
  .regex(/^(\d+(\.\d{1,2})?)?$/, 'A number, like 1.5');
const rowSchema = z.object({
  origin: z.enum(['natural', 'lab', 'product', 'any']),
  caratMin: amount,
  caratMax: amount,
  costMin: amount,
  costMax: amount,
  multiplier: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,3})?$/, 'Like 1.35'),
  rounding: z.enum(ROUNDINGS),
});
const formSchema = z.object({ rules: z.array(rowSchema).min(1) });

export const toRow = (r: MarkupRuleInput): Row => ({
  origin: r.origin,
  caratMin: r.caratMin ? String(caratOf(r.caratMin)) : '',
  caratMax: r.caratMax >= CARAT_POINTS_ANY ? '' : String(caratOf(r.caratMax)),
  costMin: r.costMinCents ? decimalPrice(r.costMinCents) : '',
  costMax: r.costMaxCents >= COST_CENTS_ANY ? '' : decimalPrice(r.costMaxCents),
  multiplier: String(r.multiplier),
  rounding: r.rounding,
});
export const toRule = (r: Row): MarkupRuleInput => ({
  origin: r.origin,
  caratMin: pointsOf(Number(r.caratMin || 0)),
  caratMax: r.caratMax ? pointsOf(Number(r.caratMax)) : CARAT_POINTS_ANY,
  costMinCents: r.costMin ? centsOf(Number(r.costMin)) : 0,
  costMaxCents: r.costMax ? centsOf(Number(r.costMax)) : COST_CENTS_ANY,
  multiplier: Number(r.multiplier),
  rounding: r.rounding,
});

const cell = 'field py-1.5';
const firstError = (e: FieldErrors<{ rules: Row[] }>) =>
  e.rules?.root?.message ?? e.rules?.message ?? (e.rules ?? []).find?.((r) => r)?.multiplier?.message;

export function MarkupEditor({ rules, onSaved }: { rules: MarkupRuleInput[]; onSaved: () => void }) {
  const form = useForm<{ rules: Row[] }>({
    resolver: zodResolver(formSchema),
    defaultValues: { rules: rules.map(toRow) },
  });
  const list = useFieldArray({ control: form.control, name: 'rules' });
  const [preview, setPreview] = useState<MarkupPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, run } = useAdminAction();

  /** The body, checked by the contract; a problem is shown and nothing is sent. */
  const body = () => {
    const parsed = markupRulesBody.safeParse({ rules: form.getValues('rules').map(toRule) });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'These rules cannot be used.');
      return null;
    }
    setProblem(null);
    return parsed.data;
  };

  return (
    <form
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(() => {
        const b = body();
        if (b) void run(async () => setPreview(await adminApi('POST /markup-rules/preview', { body: b })));
      })}
    >
      {/* relative: the screen-reader-only texts in the cells are clipped with the table, not left sticking out of the page */}
      <div className="relative overflow-x-auto border border-hairline bg-white">
        <table className="w-full min-w-[56rem] text-sm">
          <caption className="sr-only">Markup rules, first match wins</caption>
          <thead className="border-b border-hairline bg-panel text-left text-xs uppercase tracking-wider text-muted">
            <tr>
              {['#', 'Origin', 'Carats from', 'to', 'Cost from (USD)', 'to', '× cost', 'Price ends', ''].map((h, i) => (
                <th key={i} scope="col" className="px-2 py-2 font-medium">
                  {h || <span className="sr-only">Remove</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.fields.map((f, i) => (
              <tr key={f.id} className="border-b border-hairline last:border-0">
                <td className="px-2 py-1.5 text-muted">{i + 1}</td>
                <td className="px-2 py-1.5">
                  <select
                    aria-label={`Origin of rule ${i + 1}`}
                    className={`${cell} min-w-32`}
                    {...form.register(`rules.${i}.origin`)}
                  >
                    <option value="natural">Natural</option>
                    <option value="lab">Lab-grown</option>
                    <option value="product">Products</option>
                    <option value="any">Any</option>
                  </select>
                </td>
                {(['caratMin', 'caratMax', 'costMin', 'costMax'] as const).map((k) => (
                  <td key={k} className="px-2 py-1.5">
                    <input
                      aria-label={`${k.startsWith('carat') ? 'Carats' : 'Cost'} ${k.endsWith('Min') ? 'from' : 'to'}, rule ${i + 1}`}
                      placeholder={k.endsWith('Max') ? 'no limit' : '0'}
                      inputMode="decimal"
                      className={`${cell} w-28`}
                      {...form.register(`rules.${i}.${k}`)}
                    />
                  </td>
                ))}
                <td className="px-2 py-1.5">
                  <input
                    aria-label={`Multiplier of rule ${i + 1}`}
                    inputMode="decimal"
                    className={`${cell} w-20`}
                    {...form.register(`rules.${i}.multiplier`)}
                  />
                </td>
                <td className="px-2 py-1.5">
                  <select
                    aria-label={`Rounding of rule ${i + 1}`}
                    className={cell}
                    {...form.register(`rules.${i}.rounding`)}
                  >
                    {ROUNDINGS.map((r) => (
                      <option key={r} value={r}>
                        {ROUNDING_LABELS[r]}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="px-2 py-1.5 text-right">
                  <button
                    type="button"
                    className="text-sm text-danger underline"
                    onClick={() => list.remove(i)}
                    disabled={list.fields.length === 1}
                  >
                    Remove<span className="sr-only"> rule {i + 1}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(problem ?? firstError(form.formState.errors)) && (
        <p role="alert" className="text-sm text-danger">
          {problem ?? firstError(form.formState.errors)}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-secondary py-2"
          onClick={() => list.insert(Math.max(0, list.fields.length - 1), { ...toRow(rules[0]!), origin: 'natural' })}
        >
          Add a rule
        </button>
        <button type="submit" className="btn-secondary py-2" disabled={busy}>
          Preview
        </button>
        <button
          type="button"
          className="btn-primary py-2"
          disabled={busy || !preview}
          onClick={() => body() && setConfirming(true)}
        >
          Save…
        </button>
      </div>
      {preview && (
        <table className="w-full border border-hairline bg-white text-sm">
          <caption className="p-2 text-left text-xs text-muted">What these rules do to supplier stones on sale</caption>
          <tbody>
            {preview.length === 0 ? (
              <tr>
                <td className="p-2 text-muted">No supplier stones are on sale yet.</td>
              </tr>
            ) : (
              preview.map((p) => (
                <tr key={p.id} className="border-t border-hairline">
                  <td className="px-2 py-1.5">{p.serial}</td>
                  <td className="px-2 py-1.5 text-muted">cost {formatMoney(p.costCents, { exact: true })}</td>
                  <td className="px-2 py-1.5 text-right text-muted">{formatMoney(p.priceCents)}</td>
                  <td className="px-2 py-1.5 text-right font-medium">→ {formatMoney(p.afterCents)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
      <Confirm
        open={confirming}
        title="Save these markup rules?"
        body="Every supplier stone on sale and every supplier product is repriced at once; sold and reserved stones keep their price."
        action="Save and reprice"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          const b = body();
          if (b)
            void run(async () => {
              const r = await adminApi('PUT /markup-rules', { body: b });
              toast.success(`Markup saved: ${r.repriced} stones repriced.`);
              setPreview(null);
              onSaved();
            });
        }}
      />
    </form>
  );
}
