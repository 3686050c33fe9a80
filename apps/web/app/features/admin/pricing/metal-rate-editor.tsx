import { useState } from 'react';
import { z } from 'zod';
import type { MetalRate, MetalRatePreview } from '@facet/contracts/admin-pricing';
import { centsOf, decimalPrice, formatMoney } from '@facet/contracts/money';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { useAdminAction } from '../shared/use-admin-action.ts';
import { Confirm } from '../shared/confirm.tsx';

const schemas = {
  perGram: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, 'Dollars per gram, like 64.50')
    .refine((v) => centsOf(Number(v)) >= 1 && centsOf(Number(v)) <= 1_000_000, 'Between $0.01 and $10,000 a gram'),
};

/** One metal: its price per gram, a preview of what a new one does to real items, then save. */
export function MetalRateEditor({ rate, onSaved }: { rate: MetalRate; onSaved: () => void }) {
  const form = useForm(schemas, { perGram: decimalPrice(rate.centsPerGram) });
  const [preview, setPreview] = useState<MetalRatePreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useAdminAction();
  const cents = centsOf(Number(form.values.perGram) || 0);
  const changed = cents !== rate.centsPerGram;
  return (
    <section className="border border-hairline bg-white p-4" aria-labelledby={`rate-${rate.quality}`}>
      <h2 id={`rate-${rate.quality}`} className="text-sm font-semibold">
        {rate.name}{' '}
        <span className="font-normal text-muted">· now {formatMoney(rate.centsPerGram, { exact: true })} a gram</span>
      </h2>
      <form
        method="post"
        noValidate
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          form.touchAll();
          if (!form.isValid || !changed) return;
          void run(async () => {
            setPreview(
              await adminApi('POST /metal-rates/:quality/preview', {
                params: rate,
                body: { centsPerGram: cents },
              }),
            );
          }, form.showServerErrors);
        }}
      >
        <TextField form={form} name="perGram" label="New price per gram (USD)" inputMode="decimal" className="w-56" />
        <button type="submit" className="btn-secondary py-2" disabled={busy || !changed}>
          Preview
        </button>
        <button
          type="button"
          className="btn-primary py-2"
          disabled={busy || !changed || !preview}
          onClick={() => setConfirming(true)}
        >
          Save…
        </button>
      </form>
      {preview && (
        <table className="mt-3 w-full text-sm">
          <caption className="mb-1 text-left text-xs text-muted">
            What {formatMoney(cents, { exact: true })} a gram does
          </caption>
          <tbody>
            {preview.map((p) => (
              <tr key={p.id} className="border-t border-hairline">
                <td className="py-1.5 pr-3">{p.title}</td>
                <td className="whitespace-nowrap py-1.5 text-right text-muted">{formatMoney(p.priceCents)}</td>
                <td className="whitespace-nowrap py-1.5 pl-3 text-right font-medium">→ {formatMoney(p.afterCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Confirm
        open={confirming}
        title={`Set ${rate.name} to ${formatMoney(cents, { exact: true })} a gram?`}
        body="Every piece made of it is repriced at once on the storefront; carts show the new prices."
        action="Save new price"
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void run(async () => {
            const r = await adminApi('PUT /metal-rates/:quality', {
              params: rate,
              body: { centsPerGram: cents },
            });
            toast.success(
              `${rate.name} saved: ${r.piecesRepriced} pieces and ${r.configuredPricesChanged} design prices updated.`,
            );
            setPreview(null);
            onSaved();
          })
        }
      />
    </section>
  );
}
