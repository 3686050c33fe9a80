import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  discountBatchBody,
  discountBody,
  LINE_KIND_NAMES,
  CODE_LINE_KINDS,
  LINE_KINDS,
  type AdminDiscount,
  type DiscountInput,
} from '@facet/contracts/promotions';
import { bpOfPercent, centsOf, decimalPrice, percentOfBp } from '@facet/contracts/money';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { checkedByContract } from '../shared/contract-form.ts';
import { Field } from '../shared/field.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';
import { isoOfLocal as iso, localOfIso as local } from './local-time.ts';

// A discount code as staff state it: percent or dollars typed as people say them, dates on the
// store's calendar; sent in the contract's units (basis points, cents, ISO times).

const money = z
  .string()
  .trim()
  .regex(/^(\d+(\.\d{1,2})?)?$/, 'Dollars, like 50 or 49.50');
const whole = z.string().trim().regex(/^\d*$/, 'A whole number, or empty for no limit');
// What the inputs hold (amounts and counts as typed); the code's rules — its letters, its name,
// the percent and amount, the dates, a batch's size and prefix — are the contract's (discountBody,
// or discountBatchBody for several codes), judged on what this form sends.
const fields = z
  .object({
    code: z.string().trim().toUpperCase(),
    name: z.string(),
    kind: z.enum(['percent', 'amount', 'free-shipping']),
    percent: z.string().trim(),
    amount: money,
    minSubtotal: money,
    appliesTo: z.array(z.enum(LINE_KINDS)),
    startsAt: z.string(),
    endsAt: z.string(),
    maxUses: whole,
    perCustomer: whole,
    firstOrderOnly: z.boolean(),
    combines: z.boolean(),
    emails: z.string(),
    active: z.boolean(),
    /** New codes only: several single-use codes from this one (its code the prefix). */
    count: z
      .string()
      .trim()
      .regex(/^(\d{1,4})?$/, 'How many codes, like 200 — or empty for one code'),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && !/^\d{1,2}(\.\d{1,2})?$/.test(v.percent))
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'A percent, like 20' });
  });
type Values = z.infer<typeof fields>;

const valuesOf = (d?: AdminDiscount): Values => ({
  code: d?.code ?? '',
  name: d?.name ?? '',
  kind: d?.kind ?? 'percent',
  percent: d?.percentBp ? percentOfBp(d.percentBp).replace(/\.00$/, '') : '',
  amount: d?.amountCents ? decimalPrice(d.amountCents) : '',
  minSubtotal: d?.minSubtotalCents ? decimalPrice(d.minSubtotalCents) : '',
  appliesTo: d?.appliesTo ?? ['product', 'configured'],
  startsAt: local(d?.startsAt ?? null),
  endsAt: local(d?.endsAt ?? null),
  maxUses: d?.maxUses ? String(d.maxUses) : '',
  perCustomer: d?.perCustomer ? String(d.perCustomer) : '',
  firstOrderOnly: d?.firstOrderOnly ?? false,
  combines: d?.combines ?? false,
  emails: d?.emails?.join('\n') ?? '',
  active: d?.active ?? true,
  count: '',
});
const bodyOf = (v: Values, was?: AdminDiscount): DiscountInput => ({
  code: v.code,
  name: v.name,
  kind: v.kind,
  percentBp: v.kind === 'percent' ? bpOfPercent(Number(v.percent)) : null,
  amountCents: v.kind === 'amount' && v.amount ? centsOf(Number(v.amount)) : null,
  minSubtotalCents: v.minSubtotal ? centsOf(Number(v.minSubtotal)) : 0,
  appliesTo: v.appliesTo,
  categoryIds: was?.categoryIds ?? null,
  startsAt: iso(v.startsAt),
  endsAt: iso(v.endsAt),
  maxUses: v.maxUses ? Number(v.maxUses) : null,
  perCustomer: v.perCustomer ? Number(v.perCustomer) : null,
  firstOrderOnly: v.firstOrderOnly,
  emails: v.emails.trim() ? v.emails.split(/[\s,;]+/).filter(Boolean) : null,
  combines: v.combines,
  active: v.active,
});
const FIELD_OF: Record<string, keyof Values> = {
  percentBp: 'percent',
  amountCents: 'amount',
  minSubtotalCents: 'minSubtotal',
};
/** A path in the body (discount.percentBp in a batch) → this form's field. */
const fieldOf = (path: PropertyKey[]): PropertyKey[] => {
  const [head] = path[0] === 'discount' ? path.slice(1) : path;
  const name = String(head ?? 'code');
  return [FIELD_OF[name] ?? name];
};
const batchOf = (v: Values) => Number(v.count) > 1;

export function DiscountForm({ discount, onSaved }: { discount?: AdminDiscount; onSaved: () => void }) {
  const schema = checkedByContract(
    fields,
    (v) => (!discount && batchOf(v) ? discountBatchBody : discountBody),
    (v) => (!discount && batchOf(v) ? { count: Number(v.count), discount: bodyOf(v) } : bodyOf(v, discount)),
    fieldOf,
  );
  const { busy, run } = useAdminAction();
  const { register, handleSubmit, formState, setError, control } = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: valuesOf(discount),
  });
  const e = formState.errors;
  const kind = useWatch({ control, name: 'kind' });
  const save = handleSubmit((v) =>
    run(
      async () => {
        if (discount)
          await adminApi('PUT /discounts/:id', {
            params: { id: discount.id },
            body: { version: discount.version, discount: bodyOf(v, discount) },
          });
        else if (Number(v.count) > 1) {
          const made = await adminApi('POST /discounts/batch', {
            body: { count: Number(v.count), discount: bodyOf(v) },
          });
          toast.success(`${made.count} single-use codes made. Download them from the list.`);
        } else await adminApi('POST /discounts', { body: bodyOf(v) });
        if (discount || Number(v.count) <= 1)
          toast.success(discount ? `${v.code} saved.` : `${v.code} is ready for shoppers.`);
        onSaved();
      },
      (errs) => {
        for (const [field, message] of Object.entries(errs ?? {})) {
          const [name] = fieldOf(field.split('.'));
          if (typeof name === 'string' && name in fields.shape) setError(name as keyof Values, { message });
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
      aria-label={discount ? `Edit ${discount.code}` : 'New code'}
    >
      <h2 className="text-sm font-semibold">{discount ? `Edit ${discount.code}` : 'New code'}</h2>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Code" error={e.code} hint="What shoppers type.">
          {(a) => <input {...a} {...register('code')} className="field py-2 uppercase" autoFocus />}
        </Field>
        <Field label="Name" error={e.name} hint="What the cart shows.">
          {(a) => <input {...a} {...register('name')} className="field py-2" />}
        </Field>
      </div>
      <Field label="What it takes off" error={e.kind}>
        {(a) => (
          <select {...a} {...register('kind')} className="field py-2">
            <option value="percent">A percentage of the eligible lines</option>
            <option value="amount">An amount off the eligible lines</option>
            <option value="free-shipping">Free standard shipping</option>
          </select>
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        {kind === 'percent' && (
          <Field label="Percent off" error={e.percent}>
            {(a) => <input {...a} {...register('percent')} className="field py-2" inputMode="decimal" />}
          </Field>
        )}
        {kind === 'amount' && (
          <Field label="Dollars off" error={e.amount}>
            {(a) => <input {...a} {...register('amount')} className="field py-2" inputMode="decimal" />}
          </Field>
        )}
        <Field label="Minimum order (USD)" error={e.minSubtotal} hint="Empty: any order.">
          {(a) => <input {...a} {...register('minSubtotal')} className="field py-2" inputMode="decimal" />}
        </Field>
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Takes money off</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {CODE_LINE_KINDS.map((k) => (
            <label key={k} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={k} {...register('appliesTo')} className="h-4 w-4" />
              {LINE_KIND_NAMES[k]}
            </label>
          ))}
        </div>
        {e.appliesTo?.message && <p className="mt-1 text-sm text-danger">{e.appliesTo.message}</p>}
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Starts" error={e.startsAt} hint="Empty: now.">
          {(a) => <input {...a} {...register('startsAt')} type="datetime-local" className="field py-2" />}
        </Field>
        <Field label="Ends" error={e.endsAt} hint="Empty: until turned off.">
          {(a) => <input {...a} {...register('endsAt')} type="datetime-local" className="field py-2" />}
        </Field>
        <Field label="Uses in all" error={e.maxUses} hint="1 for a single-use code.">
          {(a) => <input {...a} {...register('maxUses')} className="field py-2" inputMode="numeric" />}
        </Field>
        <Field label="Uses per customer" error={e.perCustomer}>
          {(a) => <input {...a} {...register('perCustomer')} className="field py-2" inputMode="numeric" />}
        </Field>
      </div>
      {!discount && (
        <Field
          label="Single-use codes to make"
          error={e.count}
          hint="For an event: that many codes, each usable once, named after the code above. Empty: one code."
        >
          {(a) => <input {...a} {...register('count')} className="field py-2" inputMode="numeric" />}
        </Field>
      )}
      <Field label="Only for these e-mails" error={e.emails} hint="One per line. Empty: anyone.">
        {(a) => <textarea {...a} {...register('emails')} rows={2} className="field py-2" />}
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('firstOrderOnly')} className="h-4 w-4" /> A customer’s first order only
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('combines')} className="h-4 w-4" /> Combines with other codes
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('active')} className="h-4 w-4" /> Active
      </label>
      <p className="text-xs text-muted">
        One code per order, unless every code on it combines: then each is worked out on the price before any code, and
        together they never take more than a piece costs. On a piece already on sale, a code&rsquo;s percentage is taken
        off the sale price.
      </p>
      <button type="submit" className="btn-primary py-2" disabled={busy}>
        {busy ? 'Saving…' : discount ? 'Save changes' : 'Create code'}
      </button>
    </form>
  );
}
