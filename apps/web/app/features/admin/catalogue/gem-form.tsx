import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { GEM_SHAPES, handGemBody, type AdminGem, type HandGem } from '@facet/contracts/admin-catalogue';
import { centsOf, decimalPrice } from '@facet/contracts/money';
import { checkedByContract } from '../shared/contract-form.ts';
import { Field } from '../shared/field.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

// A notable gemstone as its report describes it. Numbers are typed as text and sent as numbers;
// the server checks everything again.

// What the inputs hold (numbers as typed); the stone's rules — ranges, lengths, the certificate's
// form, a held stone's reason — are the contract's (handGemBody), judged on the stone as sent.
const num = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, `${what}: a number like 6.45`);
const fields = z.object({
  type: z.string(),
  color: z.string(),
  colorHex: z.string(),
  shape: z.enum(GEM_SHAPES),
  carat: num('Carat'),
  lengthMm: num('Length'),
  widthMm: num('Width'),
  depthMm: num('Depth'),
  origin: z.string(),
  treatment: z.string(),
  agtaCertificate: z.string(),
  price: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, 'Dollars, like 18750'),
  videoUrl: z.string(),
  status: z.enum(['available', 'held']),
  holdReason: z.string(),
});
type Values = z.infer<typeof fields>;

const gemOf = (v: Values): HandGem => ({
  type: v.type,
  color: v.color,
  colorHex: v.colorHex,
  shape: v.shape,
  carat: Number(v.carat),
  lengthMm: Number(v.lengthMm),
  widthMm: Number(v.widthMm),
  depthMm: Number(v.depthMm),
  origin: v.origin,
  treatment: v.treatment,
  agtaCertificate: v.agtaCertificate || null,
  priceCents: centsOf(Number(v.price)),
  status: v.status,
  holdReason: v.status === 'held' ? v.holdReason : null,
  videoUrl: v.videoUrl || null,
});
const fieldOf = (path: PropertyKey[]) => (path[0] === 'priceCents' ? ['price'] : path.slice(0, 1));
const schema = checkedByContract(fields, handGemBody, gemOf, fieldOf);

const valuesOf = (s: AdminGem['stone'], fresh: boolean): Values => ({
  ...s,
  carat: fresh ? '' : String(s.carat),
  lengthMm: fresh ? '' : String(s.lengthMm),
  widthMm: fresh ? '' : String(s.widthMm),
  depthMm: fresh ? '' : String(s.depthMm),
  agtaCertificate: s.agtaCertificate ?? '',
  price: fresh ? '' : decimalPrice(s.priceCents),
  holdReason: s.holdReason ?? '',
  videoUrl: s.videoUrl ?? '',
});

export function GemForm({
  gem,
  onSave,
  action,
}: {
  gem: AdminGem;
  onSave: (body: HandGem) => Promise<void>;
  action: string;
}) {
  const { busy, run } = useAdminAction();
  const { register, handleSubmit, formState, setError, control } = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: valuesOf(gem.stone, gem.id === 0),
  });
  const e = formState.errors;
  const status = useWatch({ control, name: 'status' });
  const text = (name: keyof Values, label: string, hint?: string, inputMode: 'decimal' | 'text' = 'decimal') => (
    <Field label={label} error={e[name]} hint={hint}>
      {(a) => <input {...a} {...register(name)} className="field py-2" inputMode={inputMode} />}
    </Field>
  );
  const save = handleSubmit((v) =>
    run(
      () => onSave(gemOf(v)),
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
      <section className="space-y-4 border border-hairline bg-white p-4" aria-labelledby="gem">
        <h2 id="gem" className="text-sm font-semibold">
          The stone
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Kind" error={e.type}>
            {(a) => (
              <select {...a} {...register('type')} className="field py-2">
                {gem.types.map((t) => (
                  <option key={t.slug} value={t.slug}>
                    {t.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Shape" error={e.shape}>
            {(a) => (
              <select {...a} {...register('shape')} className="field py-2">
                {GEM_SHAPES.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            )}
          </Field>
          {text('carat', 'Carat weight')}
          {text('color', 'Colour', 'As shoppers read it, like Cornflower blue.', 'text')}
          <Field label="Swatch" error={e.colorHex} hint="Shown beside the colour name.">
            {(a) => <input {...a} {...register('colorHex')} type="color" className="field h-10 p-1" />}
          </Field>
          {text('origin', 'Origin', 'The country, like Sri Lanka.', 'text')}
          {text('lengthMm', 'Length (mm)')}
          {text('widthMm', 'Width (mm)')}
          {text('depthMm', 'Depth (mm)')}
          {text('treatment', 'Treatment', 'None, Heat, Minor oil…', 'text')}
          <div className="sm:col-span-2">{text('agtaCertificate', 'AGTA report (optional)', undefined, 'text')}</div>
        </div>
        {text(
          'videoUrl',
          'Video address (optional)',
          'An https:// link to the stone’s 360° video; shown from the hosts listed under Store settings.',
          'text',
        )}
      </section>
      <section className="space-y-4 border border-hairline bg-white p-4" aria-labelledby="sale">
        <h2 id="sale" className="text-sm font-semibold">
          Price and sale
        </h2>
        <div className="max-w-xs">{text('price', 'Price (USD)')}</div>
        <fieldset className="space-y-2 text-sm">
          <legend className="mb-1 font-medium">State</legend>
          <label className="flex items-center gap-2">
            <input type="radio" value="available" {...register('status')} className="h-4 w-4" /> For sale
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="held" {...register('status')} className="h-4 w-4" /> Held — not for sale yet
          </label>
        </fieldset>
        {status === 'held' && text('holdReason', 'Why it is held', undefined, 'text')}
      </section>
      <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 border border-hairline bg-white p-3 shadow-sm">
        <button type="submit" className="btn-primary py-2" disabled={busy}>
          {busy ? 'Saving…' : action}
        </button>
      </div>
    </form>
  );
}
