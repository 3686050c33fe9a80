import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { METALS } from '@facet/contracts/metals';
import { saleBody, type AdminSale, type SaleInput } from '@facet/contracts/promotions';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { CategoryOptions } from '../shared/category-options.tsx';
import { checkedByContract } from '../shared/contract-form.ts';
import { Field } from '../shared/field.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';
import { isoOfLocal, localOfIso } from './local-time.ts';

// An automatic sale as staff state it: a name, a percentage, two moments on the calendar and a
// scope (categories, style numbers, metals); empty scope lists mean "every piece".

// What the inputs hold; the sale's rules (its name, the percent, the dates in order) are the
// contract's (saleBody), judged on the sale as sent.
const fields = z.object({
  name: z.string(),
  percent: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, 'A whole percent, like 20'),
  startsAt: z.string().min(1, 'When it starts'),
  endsAt: z.string().min(1, 'When it ends'),
  categoryIds: z.array(z.string()),
  designs: z.string().regex(/^[\w\s,;-]*$/, 'Style numbers, separated by commas'),
  metals: z.array(z.string()),
  active: z.boolean(),
});
type Values = z.infer<typeof fields>;

const valuesOf = (s?: AdminSale): Values => ({
  name: s?.name ?? '',
  percent: s ? String(s.percent) : '',
  startsAt: localOfIso(s?.startsAt ?? null),
  endsAt: localOfIso(s?.endsAt ?? null),
  categoryIds: (s?.categoryIds ?? []).map(String),
  designs: s?.designs.join(', ') ?? '',
  metals: s?.metals ?? [],
  active: s?.active ?? true,
});
const bodyOf = (v: Values): SaleInput => ({
  name: v.name,
  percent: Number(v.percent),
  startsAt: isoOfLocal(v.startsAt)!,
  endsAt: isoOfLocal(v.endsAt)!,
  categoryIds: v.categoryIds.map(Number),
  designs: v.designs.split(/[\s,;]+/).filter(Boolean),
  metals: v.metals,
  active: v.active,
});
const schema = checkedByContract(fields, saleBody, bodyOf);

export function SaleForm({
  sale,
  categories,
  onSaved,
}: {
  sale?: AdminSale;
  categories: ReadonlyArray<{ id: number; name: string; section: string }>;
  onSaved: () => void;
}) {
  const { busy, run } = useAdminAction();
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: valuesOf(sale),
  });
  const e = formState.errors;
  const save = handleSubmit((v) =>
    run(
      async () => {
        if (sale)
          await adminApi('PUT /sales/:id', {
            params: { id: sale.id },
            body: { version: sale.version, sale: bodyOf(v) },
          });
        else await adminApi('POST /sales', { body: bodyOf(v) });
        toast.success(sale ? `${v.name} saved.` : `${v.name} is scheduled.`);
        onSaved();
      },
      (errs) => {
        for (const [field, message] of Object.entries(errs ?? {})) {
          const name = field.replace(/^sale\./, '') as keyof Values;
          if (name in schema.shape) setError(name, { message });
        }
      },
    ),
  );
  return (
    <form
      method="post"
      noValidate
      onSubmit={(ev) => void save(ev)}
      className="space-y-3 border border-hairline bg-white p-4"
      aria-label={sale ? `Edit ${sale.name}` : 'New sale'}
    >
      <h2 className="text-sm font-semibold">{sale ? `Edit ${sale.name}` : 'New sale'}</h2>
      <div className="grid grid-cols-[1fr_7rem] gap-3">
        <Field label="Name" error={e.name} hint="Shown beside the price.">
          {(a) => <input {...a} {...register('name')} className="field py-2" autoFocus />}
        </Field>
        <Field label="Percent off" error={e.percent}>
          {(a) => <input {...a} {...register('percent')} className="field py-2" inputMode="numeric" />}
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Starts" error={e.startsAt}>
          {(a) => <input {...a} {...register('startsAt')} type="datetime-local" className="field py-2" />}
        </Field>
        <Field label="Ends" error={e.endsAt}>
          {(a) => <input {...a} {...register('endsAt')} type="datetime-local" className="field py-2" />}
        </Field>
      </div>
      <Field
        label="Categories"
        error={e.categoryIds as never}
        hint="With every category under them. Hold Ctrl (⌘) to choose several; none and no styles: every piece."
      >
        {(a) => (
          <select {...a} {...register('categoryIds')} multiple size={6} className="field py-1">
            <CategoryOptions categories={categories} />
          </select>
        )}
      </Field>
      <Field
        label="Style numbers"
        error={e.designs}
        hint="Designs on sale wherever they are listed, like R1042, B2001."
      >
        {(a) => <input {...a} {...register('designs')} className="field py-2 uppercase" />}
      </Field>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Only in these metals</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {METALS.map((m) => (
            <label key={m.quality} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={m.quality} {...register('metals')} className="h-4 w-4" />
              {m.name}
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-muted">None: every metal.</p>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('active')} className="h-4 w-4" /> On (untick to stop it early)
      </label>
      <p className="text-xs text-muted">
        Loose diamonds and gemstones are never in a sale; a ring made to order is, stones and all. When two sales cover
        a piece the larger one applies. A discount code is worked out on the sale price.
      </p>
      <button type="submit" className="btn-primary py-2" disabled={busy}>
        {busy ? 'Saving…' : sale ? 'Save changes' : 'Schedule sale'}
      </button>
    </form>
  );
}
