import { useStoreFacts } from '~/lib/store-facts.ts';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { handDiamondBody, type AdminDiamond, type HandDiamond } from '@facet/contracts/admin-catalogue';
import { CLARITIES, COLORS, CUTS, FINISHES, FLUORESCENCE, LABS, SHAPES } from '@facet/contracts/grades';
import { centsOf, decimalPrice, formatMoney } from '@facet/contracts/money';
import { checkedByContract } from '../shared/contract-form.ts';
import { Field } from '../shared/field.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

// A diamond as a jeweller reads it off its grading report: grades, measurements, the lab and the
// report number, then what it costs and sells for. Numbers are typed as text and sent as numbers;
// the server checks everything again (and prices it by the markup rules when asked).

// What the inputs hold (numbers as typed, and which of price or cost the chosen way of pricing
// needs); the stone's rules — ranges, the report number, a held stone's reason — are the
// contract's (handDiamondBody), judged on the diamond as sent.
const num = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, `${what}: a number like 6.45`);
const dollars = z
  .string()
  .trim()
  .regex(/^(\d+(\.\d{1,2})?)?$/, 'Dollars, like 12450');

const fields = z
  .object({
    origin: z.enum(['natural', 'lab']),
    shape: z.enum(SHAPES),
    carat: num('Carat'),
    color: z.enum(COLORS),
    clarity: z.enum(CLARITIES),
    cut: z.enum(CUTS),
    polish: z.enum(FINISHES),
    symmetry: z.enum(FINISHES),
    fluorescence: z.enum(FLUORESCENCE),
    lengthMm: num('Length'),
    widthMm: num('Width'),
    depthMm: num('Depth'),
    depthPct: num('Depth %'),
    tablePct: num('Table %'),
    lab: z.enum(LABS),
    certificate: z.string(),
    priceBy: z.enum(['hand', 'markup']),
    price: dollars,
    cost: dollars,
    videoUrl: z.string(),
    memoFrom: z.string(),
    status: z.enum(['available', 'held']),
    holdReason: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.priceBy === 'hand' && !v.price) ctx.addIssue({ code: 'custom', path: ['price'], message: 'Give its price' });
    if (v.priceBy === 'markup' && !v.cost)
      ctx.addIssue({ code: 'custom', path: ['cost'], message: 'Give its cost for the markup rules' });
  });
type Values = z.infer<typeof fields>;

const blank: Values = {
  origin: 'natural',
  shape: 'Round',
  carat: '',
  color: 'G',
  clarity: 'VS1',
  cut: 'Excellent',
  polish: 'Excellent',
  symmetry: 'Excellent',
  fluorescence: 'None',
  lengthMm: '',
  widthMm: '',
  depthMm: '',
  depthPct: '',
  tablePct: '',
  lab: 'GIA',
  certificate: '',
  priceBy: 'hand',
  price: '',
  cost: '',
  videoUrl: '',
  memoFrom: '',
  status: 'available',
  holdReason: '',
};

const valuesOf = (d: AdminDiamond['stone']): Values => ({
  ...d,
  carat: String(d.carat),
  lengthMm: String(d.lengthMm),
  widthMm: String(d.widthMm),
  depthMm: String(d.depthMm),
  depthPct: String(d.depthPct),
  tablePct: String(d.tablePct),
  priceBy: d.priceCents === null ? 'markup' : 'hand',
  price: d.priceCents === null ? '' : decimalPrice(d.priceCents),
  cost: d.costCents === null ? '' : decimalPrice(d.costCents),
  videoUrl: d.videoUrl ?? '',
  memoFrom: d.memoFrom ?? '',
  holdReason: d.holdReason ?? '',
});

const bodyOf = (v: Values): HandDiamond => ({
  origin: v.origin,
  shape: v.shape,
  carat: Number(v.carat),
  color: v.color,
  clarity: v.clarity,
  cut: v.cut,
  polish: v.polish,
  symmetry: v.symmetry,
  fluorescence: v.fluorescence,
  lengthMm: Number(v.lengthMm),
  widthMm: Number(v.widthMm),
  depthMm: Number(v.depthMm),
  depthPct: Number(v.depthPct),
  tablePct: Number(v.tablePct),
  lab: v.lab,
  certificate: v.certificate,
  priceCents: v.priceBy === 'hand' ? centsOf(Number(v.price)) : null,
  costCents: v.cost ? centsOf(Number(v.cost)) : null,
  videoUrl: v.videoUrl || null,
  memoFrom: v.memoFrom || null,
  status: v.status,
  holdReason: v.status === 'held' ? v.holdReason : null,
});

/** Body fields that this form shows under another field. */
const FIELD_OF: Record<string, keyof Values> = { priceCents: 'price', costCents: 'cost' };
const fieldOf = (path: PropertyKey[]) => [FIELD_OF[String(path[0])] ?? path[0] ?? 'carat'];
const schema = checkedByContract(fields, handDiamondBody, bodyOf, fieldOf);

/** The origin of `url` when it is a web address whose host the store does not list for videos. */
function hostNotListed(url: string | undefined, origins: readonly string[]): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin.toLowerCase();
    return /^https?:/.test(origin) && !origins.includes(origin) ? origin : null;
  } catch {
    return null;
  }
}

export function DiamondForm({
  diamond,
  onSave,
  action,
}: {
  diamond?: AdminDiamond;
  onSave: (body: HandDiamond) => Promise<void>;
  action: string;
}) {
  const { busy, run } = useAdminAction();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: diamond ? valuesOf(diamond.stone) : blank,
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const e = formState.errors;
  const w = useWatch({ control });
  const { videoOrigins } = useStoreFacts();
  const hiddenVideoHost = hostNotListed(w.videoUrl, videoOrigins);
  const select = (name: keyof Values, label: string, options: readonly string[], hint?: string) => (
    <Field label={label} error={e[name]} hint={hint}>
      {(a) => (
        <select {...a} {...register(name)} className="field py-2">
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const text = (name: keyof Values, label: string, hint?: string, inputMode: 'decimal' | 'text' = 'decimal') => (
    <Field label={label} error={e[name]} hint={hint}>
      {(a) => <input {...a} {...register(name)} className="field py-2" inputMode={inputMode} />}
    </Field>
  );

  const save = handleSubmit((v) =>
    run(
      () => onSave(bodyOf(v)),
      (errs) => {
        for (const [field, message] of Object.entries(errs ?? {})) {
          const [name] = fieldOf([field]);
          if (typeof name === 'string' && name in fields.shape) setError(name as keyof Values, { message });
        }
      },
    ),
  );

  return (
    <form method="post" noValidate onSubmit={(ev) => void save(ev)} className="max-w-3xl space-y-4">
      <section className="space-y-4 border border-hairline bg-white p-4" aria-labelledby="grades">
        <h2 id="grades" className="text-sm font-semibold">
          The stone
        </h2>
        <fieldset className="flex flex-wrap gap-5 text-sm">
          <legend className="mb-1 text-sm font-medium">Origin</legend>
          <label className="flex items-center gap-2">
            <input type="radio" value="natural" {...register('origin')} className="h-4 w-4" /> Natural
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="lab" {...register('origin')} className="h-4 w-4" /> Lab-grown
          </label>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          {select('shape', 'Shape', SHAPES)}
          {text('carat', 'Carat weight', 'Like 1.52')}
          {select('color', 'Colour', COLORS)}
          {select('clarity', 'Clarity', CLARITIES)}
          {select('cut', 'Cut', CUTS)}
          {select('polish', 'Polish', FINISHES)}
          {select('symmetry', 'Symmetry', FINISHES)}
          {select('fluorescence', 'Fluorescence', FLUORESCENCE)}
        </div>
      </section>

      <section className="space-y-4 border border-hairline bg-white p-4" aria-labelledby="measure">
        <h2 id="measure" className="text-sm font-semibold">
          Measurements and report
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          {text('lengthMm', 'Length (mm)')}
          {text('widthMm', 'Width (mm)')}
          {text('depthMm', 'Depth (mm)')}
          {text('depthPct', 'Depth %')}
          {text('tablePct', 'Table %')}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {select('lab', 'Lab', LABS)}
          <div className="sm:col-span-2">
            {text('certificate', 'Report number', 'Shoppers can check it on the lab’s site.', 'text')}
          </div>
        </div>
        {text(
          'videoUrl',
          'Video address (optional)',
          'An https:// link to the stone’s 360° video; shown from the hosts listed under Store settings.',
          'text',
        )}
        {hiddenVideoHost && (
          <p className="-mt-2 text-xs text-danger" role="status">
            Shoppers will not see this video: its host, {hiddenVideoHost}, is not among the video hosts in Store
            settings. Add it there (the owner can), or use a video from a listed host.
          </p>
        )}
      </section>

      <section className="space-y-4 border border-hairline bg-white p-4" aria-labelledby="money">
        <h2 id="money" className="text-sm font-semibold">
          Price
        </h2>
        <fieldset className="space-y-2 text-sm">
          <legend className="sr-only">How it is priced</legend>
          <label className="flex items-center gap-2">
            <input type="radio" value="hand" {...register('priceBy')} className="h-4 w-4" /> A price I set
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="markup" {...register('priceBy')} className="h-4 w-4" /> From its cost, by the
            markup rules (and again whenever they change)
          </label>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          {w.priceBy === 'hand' && text('price', 'Price (USD)', 'What the shopper pays.')}
          {text('cost', w.priceBy === 'hand' ? 'Cost (USD, optional)' : 'Cost (USD)', 'Never shown to shoppers.')}
        </div>
        {diamond && (
          <p className="text-sm text-muted">Shoppers pay {formatMoney(diamond.retailCents, { exact: true })} now.</p>
        )}
      </section>

      <section className="space-y-4 border border-hairline bg-white p-4" aria-labelledby="where">
        <h2 id="where" className="text-sm font-semibold">
          On sale
        </h2>
        {text(
          'memoFrom',
          'On memo from (optional)',
          'The dealer who lent it: staff see this, shoppers do not.',
          'text',
        )}
        <fieldset className="space-y-2 text-sm">
          <legend className="mb-1 font-medium">State</legend>
          <label className="flex items-center gap-2">
            <input type="radio" value="available" {...register('status')} className="h-4 w-4" /> For sale
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="held" {...register('status')} className="h-4 w-4" /> Held — not for sale yet
          </label>
        </fieldset>
        {w.status === 'held' && text('holdReason', 'Why it is held', undefined, 'text')}
      </section>

      <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 border border-hairline bg-white p-3 shadow-sm">
        <button type="submit" className="btn-primary py-2" disabled={busy}>
          {busy ? 'Saving…' : action}
        </button>
      </div>
    </form>
  );
}
