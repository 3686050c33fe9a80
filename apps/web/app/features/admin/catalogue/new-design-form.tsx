import { useFieldArray, useForm, useWatch, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  DESIGN_KIND_NAMES,
  DESIGN_KINDS,
  LENGTH_KINDS,
  fixedVariantPrice,
  newDesignBody,
  SETTING_TYPES,
  SIZED_KINDS,
  VARIANTS_MAX,
  type DesignOptions,
  type NewDesign,
} from '@facet/contracts/admin-catalogue';
import { centsOf, formatMoney } from '@facet/contracts/money';
import type { MetalQuality } from '@facet/contracts/metals';
import { SHAPES } from '@facet/contracts/grades';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { CategoryOptions } from '../shared/category-options.tsx';
import { checkedByContract } from '../shared/contract-form.ts';
import { Field } from '../shared/field.tsx';
import { StonePlaceFields } from './stone-place-fields.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

// A new design as a jeweller describes it: what it is, where it sits in the store, the metals and
// sizes it comes in, how it is priced and whether it is made to order or sold from the shelf.
// The server makes its variants (metal × size) and saves it as a draft to photograph and publish.

/** "5, 5.5, 6" → [5, 5.5, 6]. */
const listOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);

/** Kinds that can be a setting, with places for the stones shoppers choose. */
const SETTING_KINDS: ReadonlySet<string> = new Set(['ring', 'pendant', 'earring']);

// What the inputs hold, as typed: numbers must read as numbers (checked below for the fields in
// use). Every rule on the design itself — ranges, sizes, counts, what a setting may be — is the
// contract's (newDesignBody), judged on the body this form sends.
const DOLLARS = /^\d+(\.\d{1,2})?$/;
const fields = z
  .object({
    name: z.string(),
    longDescription: z.string(),
    categoryId: z.string().min(1, 'Choose where it is listed'),
    kind: z.enum(DESIGN_KINDS),
    series: z.string().trim(),
    metals: z.array(z.string()),
    sizes: z
      .string()
      .trim()
      .regex(/^[\d.,\s]*$/, 'Sizes as numbers, like 5, 5.5, 6'),
    lengths: z
      .string()
      .trim()
      .regex(/^[\d,\s]*$/, 'Inches as whole numbers, like 16, 18, 20'),
    pricing: z.enum(['metal', 'fixed']),
    weight: z.string().trim(),
    labour: z.string().trim(),
    price: z.string().trim(),
    /** A fixed price per metal, by metal code (empty: the price above). */
    metalPrices: z.record(z.string(), z.string()),
    /** From a size (or length) up, so much more. */
    bands: z.array(z.object({ from: z.string().trim(), plus: z.string().trim() })),
    stock: z.enum(['made-to-order', 'on-hand']),
    quantity: z.string().trim(),
    shipsIn: z.string().trim(),
    seoTitle: z.string(),
    seoDescription: z.string(),
    places: z.array(
      z.object({
        group: z.enum(['Center', 'Accent']),
        shape: z.enum(SHAPES),
        count: z
          .string()
          .trim()
          .regex(/^\d{1,2}$/, 'Stones, like 1 or 16'),
        settingType: z.enum(SETTING_TYPES),
        caratMin: z.string().trim(),
        caratMax: z.string().trim(),
        sizeMm: z.string().trim(),
        labour: z.string().trim().regex(DOLLARS, 'Dollars, like 85'),
        optional: z.boolean(),
      }),
    ),
  })
  .superRefine((v, ctx) => {
    const typed = (path: PropertyKey[], re: RegExp, message: string, value: string) => {
      if (!re.test(value)) ctx.addIssue({ code: 'custom', path, message });
    };
    const carat = /^\d{1,2}(\.\d{1,2})?$/;
    v.places.forEach((p, i) => {
      if (p.group === 'Center') {
        typed(['places', i, 'caratMin'], carat, 'Carats, like 0.9', p.caratMin);
        typed(['places', i, 'caratMax'], carat, 'Carats, like 1.5', p.caratMax);
      } else typed(['places', i, 'sizeMm'], /^\d(\.\d)?$/, 'Millimetres, like 1.3', p.sizeMm);
    });
    if (v.pricing === 'metal') {
      typed(['weight'], /^\d+(\.\d)?$/, 'Grams, like 4.5', v.weight);
      typed(['labour'], DOLLARS, 'Dollars, like 1250 or 1250.50', v.labour);
    } else {
      typed(['price'], DOLLARS, 'Dollars, like 1250 or 1250.50', v.price);
      for (const m of v.metals) {
        const own = v.metalPrices[m]?.trim();
        if (own) typed(['metalPrices', m], DOLLARS, 'Dollars, like 1250, or empty', own);
      }
      v.bands.forEach((b, i) => {
        typed(['bands', i, 'from'], /^\d{1,2}(\.\d{1,2})?$/, 'A size like 9, or inches like 20', b.from);
        typed(['bands', i, 'plus'], DOLLARS, 'Dollars, like 100', b.plus);
      });
    }
    if (v.stock === 'on-hand') {
      typed(['quantity'], /^\d+$/, 'A whole number of pieces', v.quantity);
      typed(['shipsIn'], /^\d+$/, 'A whole number of days', v.shipsIn);
    }
  });
type Values = z.infer<typeof fields>;

export const variantCount = (v: Pick<Values, 'kind' | 'metals' | 'sizes' | 'lengths'>) =>
  v.metals.length *
  Math.max(1, SIZED_KINDS.has(v.kind) ? listOf(v.sizes).length : 1) *
  Math.max(1, LENGTH_KINDS.has(v.kind) ? listOf(v.lengths).length : 1);

export function bodyOf(v: Values): NewDesign {
  return {
    name: v.name,
    longDescription: v.longDescription,
    categoryId: Number(v.categoryId),
    kind: v.kind,
    ...(v.series ? { series: v.series.toUpperCase() } : {}),
    metals: v.metals as NewDesign['metals'],
    sizes: SIZED_KINDS.has(v.kind) ? listOf(v.sizes) : [],
    lengthsIn: LENGTH_KINDS.has(v.kind) ? listOf(v.lengths) : [],
    pricing:
      v.pricing === 'metal'
        ? { mode: 'metal', weightG: Number(v.weight), labourCents: centsOf(Number(v.labour)) }
        : {
            mode: 'fixed',
            priceCents: centsOf(Number(v.price)),
            byMetal: v.metals
              .filter((m) => v.metalPrices[m]?.trim())
              .map((m) => ({ metal: m as MetalQuality, priceCents: centsOf(Number(v.metalPrices[m])) })),
            bands: v.bands.map((b) => ({ from: Number(b.from), plusCents: centsOf(Number(b.plus)) })),
          },
    stock:
      v.stock === 'on-hand'
        ? { mode: 'on-hand', quantity: Number(v.quantity), shipsInDays: Number(v.shipsIn) }
        : { mode: 'made-to-order' },
    attributes: [],
    seoTitle: v.seoTitle || null,
    seoDescription: v.seoDescription || null,
    stonePlaces: (SETTING_KINDS.has(v.kind) ? v.places : []).map((p) => ({
      group: p.group,
      shape: p.shape,
      count: Number(p.count),
      settingType: p.settingType,
      ...(p.group === 'Center'
        ? { caratMin: Number(p.caratMin), caratMax: Number(p.caratMax) }
        : { sizeMm: Number(p.sizeMm) }),
      settingLabourCents: centsOf(Number(p.labour)),
      optional: p.optional,
    })),
  };
}

/** A path in the body ("pricing.priceCents", "stonePlaces.0.settingLabourCents") → this form's field. */
const FIELD_OF: Record<string, keyof Values> = {
  'pricing.priceCents': 'price',
  'pricing.weightG': 'weight',
  'pricing.labourCents': 'labour',
  'stock.quantity': 'quantity',
  'stock.shipsInDays': 'shipsIn',
};
const fieldOf = (path: PropertyKey[]): PropertyKey[] => {
  const [head, i, field] = path;
  if (head === 'stonePlaces')
    return i === undefined ? ['places'] : ['places', i, field === 'settingLabourCents' ? 'labour' : (field ?? 'count')];
  if (head === 'sizes') return ['sizes'];
  if (head === 'pricing' && i === 'bands')
    return typeof field === 'number' ? ['bands', field, path[3] === 'from' ? 'from' : 'plus'] : ['bands'];
  if (head === 'pricing' && i === 'byMetal') return ['price'];
  if (head === 'lengthsIn') return ['lengths'];
  return [FIELD_OF[path.join('.')] ?? head ?? 'name'];
};
const schema = checkedByContract(fields, newDesignBody, bodyOf, fieldOf);

export function NewDesignForm({ options }: { options: DesignOptions }) {
  const navigate = useNavigate();
  const { busy, run } = useAdminAction();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      name: '',
      longDescription: '',
      categoryId: '',
      kind: 'ring',
      series: '',
      metals: [],
      sizes: '5, 5.5, 6, 6.5, 7, 7.5, 8',
      lengths: '16, 18, 20',
      pricing: 'metal',
      weight: '',
      labour: '',
      price: '',
      metalPrices: {},
      bands: [],
      stock: 'made-to-order',
      quantity: '1',
      shipsIn: '2',
      seoTitle: '',
      seoDescription: '',
      places: [],
    },
  });
  const { register, handleSubmit, formState, setError, control, setValue } = form;
  const places = useFieldArray({ control, name: 'places' });
  const bands = useFieldArray({ control, name: 'bands' });
  const setting = places.fields.length > 0;
  const e = formState.errors;
  const watched = useWatch({ control });
  const kind = watched.kind ?? 'ring';
  const count = variantCount({
    kind,
    metals: watched.metals ?? [],
    sizes: watched.sizes ?? '',
    lengths: watched.lengths ?? '',
  });

  const save = handleSubmit((v) =>
    run(
      async () => {
        const made = await adminApi('POST /products', { body: bodyOf(v) });
        toast.success('Saved as a draft. Add its photographs, then publish it.');
        navigate(`/admin/products/${made.id}`);
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
    <form method="post" noValidate onSubmit={(ev) => void save(ev)} className="max-w-3xl space-y-4">
      <section className="space-y-4 border border-hairline bg-white p-4" aria-labelledby="what">
        <h2 id="what" className="text-sm font-semibold">
          The design
        </h2>
        <Field label="Name" error={e.name} hint="Its title on the product page, cards and search.">
          {(a) => <input {...a} {...register('name')} className="field py-2" autoFocus />}
        </Field>
        <Field label="Description" error={e.longDescription} hint="What a shopper reads under the price.">
          {(a) => <textarea {...a} {...register('longDescription')} rows={5} className="field py-2" />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Category" error={e.categoryId} hint="Where it is listed (any level of the menu).">
            {(a) => (
              <select {...a} {...register('categoryId')} className="field py-2">
                <option value="">Choose…</option>
                <CategoryOptions categories={options.categories} />
              </select>
            )}
          </Field>
          <Field label="Kind" error={e.kind} hint="Decides its options: sizes for rings, lengths for chains.">
            {(a) => (
              <select {...a} {...register('kind')} className="field py-2">
                {DESIGN_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {DESIGN_KIND_NAMES[k]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </section>

      <section className="space-y-4 border border-hairline bg-white p-4" aria-labelledby="options">
        <h2 id="options" className="text-sm font-semibold">
          Metals and sizes
        </h2>
        <fieldset aria-describedby={e.metals ? 'metals-error' : undefined}>
          <legend className="mb-1 text-sm font-medium">Metals</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {options.metals.map((m) => (
              <label key={m.quality} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={m.quality} {...register('metals')} className="h-4 w-4" />
                {m.name}
              </label>
            ))}
          </div>
          {e.metals?.message && (
            <p id="metals-error" className="mt-1 text-sm text-danger">
              {e.metals.message}
            </p>
          )}
        </fieldset>
        {SIZED_KINDS.has(kind) && (
          <Field label="Ring sizes" error={e.sizes} hint="Separated by commas; quarter sizes allowed (6.25).">
            {(a) => <input {...a} {...register('sizes')} className="field py-2" inputMode="decimal" />}
          </Field>
        )}
        {LENGTH_KINDS.has(kind) && (
          <Field label="Lengths (inches)" error={e.lengths} hint="Separated by commas. Leave empty for one length.">
            {(a) => <input {...a} {...register('lengths')} className="field py-2" inputMode="numeric" />}
          </Field>
        )}
        <p className={`text-sm ${count > VARIANTS_MAX ? 'text-danger' : 'text-muted'}`} aria-live="polite">
          {count === 0
            ? 'Choose a metal to see its variants.'
            : `Makes ${count} ${count === 1 ? 'variant' : 'variants'} (each with its own SKU, price and stock)${count > VARIANTS_MAX ? `: at most ${VARIANTS_MAX}` : ''}.`}
        </p>
      </section>

      {SETTING_KINDS.has(kind) && (
        <section className="space-y-3 border border-hairline bg-white p-4" aria-labelledby="places">
          <h2 id="places" className="text-sm font-semibold">
            Stone places (a setting)
          </h2>
          <p className="text-xs text-muted">
            Leave empty for a piece sold as it is. With places, shoppers choose its stones in the configurator: the
            center from the diamonds and gemstones on sale within its carat range, the accents from your melee. It is
            then priced from its metal and the stones chosen, and made to order.
          </p>
          {e.places?.message && (
            <p role="alert" className="text-sm text-danger">
              {e.places.message}
            </p>
          )}
          {places.fields.map((f, i) => (
            <StonePlaceFields
              key={f.id}
              n={i + 1}
              center={watched.places?.[i]?.group !== 'Accent'}
              reg={(field) => register(`places.${i}.${field}`)}
              errors={e.places?.[i]}
              onRemove={() => places.remove(i)}
            />
          ))}
          <button
            type="button"
            className="btn-secondary py-1.5 text-sm"
            disabled={places.fields.length >= 4}
            onClick={() => {
              places.append(
                {
                  group: places.fields.length ? 'Accent' : 'Center',
                  shape: 'Round',
                  count: places.fields.length ? '16' : '1',
                  settingType: places.fields.length ? 'pavé' : '4-prong',
                  caratMin: '0.9',
                  caratMax: '1.1',
                  sizeMm: '1.3',
                  labour: '85',
                  optional: false,
                },
                { shouldFocus: true },
              );
              setValue('pricing', 'metal');
              setValue('stock', 'made-to-order');
            }}
          >
            Add a stone place
          </button>
        </section>
      )}

      <section className="space-y-4 border border-hairline bg-white p-4" aria-labelledby="price">
        <h2 id="price" className="text-sm font-semibold">
          Price
        </h2>
        <fieldset className="space-y-2">
          <legend className="sr-only">How it is priced</legend>
          <label className="flex items-start gap-2 text-sm">
            <input type="radio" value="metal" {...register('pricing')} className="mt-0.5 h-4 w-4" />
            <span>
              <span className="font-medium">From its metal</span> — labour plus the metal's weight at today's metal
              price; moves when metal prices change.
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input type="radio" value="fixed" {...register('pricing')} disabled={setting} className="mt-0.5 h-4 w-4" />
            <span>
              <span className="font-medium">Fixed</span> — prices you set (one, or one per metal, more for larger
              sizes), changed only by you.
            </span>
          </label>
        </fieldset>
        {watched.pricing === 'fixed' ? (
          <FixedPrices
            form={form}
            bands={bands}
            metals={options.metals.filter((m) => (watched.metals ?? []).includes(m.quality))}
            sized={SIZED_KINDS.has(kind)}
            long={LENGTH_KINDS.has(kind)}
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Weight in 14K gold (g)"
              error={e.weight}
              hint="At size 7 or 18 in; other metals and sizes follow."
            >
              {(a) => <input {...a} {...register('weight')} className="field py-2" inputMode="decimal" />}
            </Field>
            <Field label="Labour (USD)" error={e.labour} hint="Casting, setting and finishing.">
              {(a) => <input {...a} {...register('labour')} className="field py-2" inputMode="decimal" />}
            </Field>
          </div>
        )}
      </section>

      <section className="space-y-4 border border-hairline bg-white p-4" aria-labelledby="stock">
        <h2 id="stock" className="text-sm font-semibold">
          Stock
        </h2>
        <fieldset className="space-y-2">
          <legend className="sr-only">How it is made</legend>
          <label className="flex items-start gap-2 text-sm">
            <input type="radio" value="made-to-order" {...register('stock')} className="mt-0.5 h-4 w-4" />
            <span>
              <span className="font-medium">Made to order</span> — never runs out; ships in the made-to-order time of
              your settings.
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input type="radio" value="on-hand" {...register('stock')} disabled={setting} className="mt-0.5 h-4 w-4" />
            <span>
              <span className="font-medium">On hand</span> — each sale takes one; at none the page says “Out of stock”.
            </span>
          </label>
        </fieldset>
        {watched.stock === 'on-hand' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Pieces of each variant" error={e.quantity} hint="Change a single variant after saving.">
              {(a) => <input {...a} {...register('quantity')} className="field py-2" inputMode="numeric" />}
            </Field>
            <Field label="Ships in (business days)" error={e.shipsIn}>
              {(a) => <input {...a} {...register('shipsIn')} className="field py-2" inputMode="numeric" />}
            </Field>
          </div>
        )}
      </section>

      <details className="border border-hairline bg-white p-4">
        <summary className="cursor-pointer text-sm font-semibold">Address and search engines (optional)</summary>
        <div className="mt-4 space-y-4">
          <Field
            label="Address word"
            error={e.series}
            hint="Shown in its link (/product/SIGNET-OVAL/…) and as its style number. Empty: made from the name."
          >
            {(a) => <input {...a} {...register('series')} className="field py-2 uppercase" />}
          </Field>
          <Field label="Search title" error={e.seoTitle} hint="Empty: the name.">
            {(a) => <input {...a} {...register('seoTitle')} className="field py-2" />}
          </Field>
          <Field label="Search description" error={e.seoDescription} hint="Empty: made from the description.">
            {(a) => <textarea {...a} {...register('seoDescription')} rows={2} className="field py-2" />}
          </Field>
        </div>
      </details>

      <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 border border-hairline bg-white p-3 shadow-sm">
        <button type="submit" className="btn-primary py-2" disabled={busy}>
          {busy ? 'Saving…' : 'Save as draft'}
        </button>
        <p className="text-sm text-muted">Shoppers see it once you publish it.</p>
      </div>
    </form>
  );
}

/** Fixed prices: one for the design, a metal's own where it differs, and more from a size (or length) up. */
function FixedPrices({
  form,
  bands,
  metals,
  sized,
  long,
}: {
  form: UseFormReturn<Values>;
  bands: UseFieldArrayReturn<Values, 'bands'>;
  metals: Array<{ quality: string; name: string }>;
  sized: boolean;
  long: boolean;
}) {
  const { register, control } = form;
  const e = form.formState.errors;
  const v = useWatch({ control });
  const unit = sized ? 'size' : 'length (in)';
  // A row's other field is judged once it was left or the form sent, not while the first is typed.
  const shown = (i: number, f: 'from' | 'plus') =>
    form.formState.isSubmitted || form.formState.touchedFields.bands?.[i]?.[f] ? e.bands?.[i]?.[f] : undefined;
  const money = (text: string | undefined) => (text && DOLLARS.test(text.trim()) ? centsOf(Number(text)) : null);
  const base = money(v.price);
  const okBands = (v.bands ?? []).flatMap((b) => {
    const plus = money(b?.plus);
    return b?.from && /^\d{1,2}(\.\d{1,2})?$/.test(b.from.trim()) && plus
      ? [{ from: Number(b.from), plusCents: plus }]
      : [];
  });
  const priced =
    base === null
      ? null
      : {
          priceCents: base,
          byMetal: metals.flatMap((m) => {
            const own = money(v.metalPrices?.[m.quality]);
            return own === null ? [] : [{ metal: m.quality, priceCents: own }];
          }),
          bands: okBands,
        };
  return (
    <div className="space-y-4">
      <Field
        label="Price (USD)"
        error={e.price}
        hint={metals.length > 1 ? 'For every metal not given its own price below.' : undefined}
      >
        {(a) => <input {...a} {...register('price')} className="field max-w-xs py-2" inputMode="decimal" />}
      </Field>
      {metals.length > 1 && (
        <fieldset>
          <legend className="mb-1 text-sm font-medium">
            A metal&rsquo;s own price <span className="font-normal text-muted">(optional)</span>
          </legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {metals.map((m) => (
              <Field key={m.quality} label={`${m.name} (USD)`} error={e.metalPrices?.[m.quality]}>
                {(a) => (
                  <input
                    {...a}
                    {...register(`metalPrices.${m.quality}`)}
                    className="field py-2"
                    inputMode="decimal"
                    placeholder={v.price || undefined}
                  />
                )}
              </Field>
            ))}
          </div>
        </fieldset>
      )}
      {(sized || long) && (
        <fieldset>
          <legend className="mb-1 text-sm font-medium">
            {sized ? 'Larger sizes cost more' : 'Longer lengths cost more'}{' '}
            <span className="font-normal text-muted">(optional)</span>
          </legend>
          {e.bands?.message && <p className="mb-1 text-sm text-danger">{e.bands.message}</p>}
          {bands.fields.map((b, i) => (
            <div key={b.id} className="mb-2 flex flex-wrap items-end gap-3">
              <Field label={`From ${unit}`} error={shown(i, 'from')}>
                {(a) => (
                  <input {...a} {...register(`bands.${i}.from`)} className="field w-28 py-2" inputMode="decimal" />
                )}
              </Field>
              <Field label="Add (USD)" error={shown(i, 'plus')}>
                {(a) => (
                  <input {...a} {...register(`bands.${i}.plus`)} className="field w-32 py-2" inputMode="decimal" />
                )}
              </Field>
              <button type="button" className="mb-2 text-sm text-danger underline" onClick={() => bands.remove(i)}>
                Remove
                <span className="sr-only">
                  {' '}
                  the band from {unit} {v.bands?.[i]?.from}
                </span>
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn-secondary py-1.5 text-sm"
            onClick={() => bands.append({ from: '', plus: '' })}
          >
            Add a band
          </button>
        </fieldset>
      )}
      {priced && metals.length > 0 && (
        <div aria-live="polite">
          <p className="text-sm font-medium">What shoppers will pay</p>
          <ul className="mt-1 text-sm text-muted">
            {metals.map((m) => (
              <li key={m.quality}>
                {m.name}: {formatMoney(fixedVariantPrice(priced, m.quality, null), { exact: true })}
                {[...okBands]
                  .sort((a, b) => a.from - b.from)
                  .map((b) => (
                    <span key={b.from}>
                      {' '}
                      · {sized ? `size ${b.from}` : `${b.from} in`} and up{' '}
                      {formatMoney(fixedVariantPrice(priced, m.quality, b.from), { exact: true })}
                    </span>
                  ))}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
