import { useEffect } from 'react';
import {
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { ENGRAVING_FONT_FACES, ENGRAVING_FONTS, ENGRAVING_MAX_CHARS } from '@facet/contracts/engraving-rules';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  adminProductUpdate,
  type AdminProduct,
  type AdminProductUpdate,
  type DesignOptions,
} from '@facet/contracts/admin-catalogue';
import { centsOf, decimalPrice, formatMoney } from '@facet/contracts/money';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { useAdminAction } from '../shared/use-admin-action.ts';
import { CellInput, Field } from '../shared/field.tsx';
import { CategoryOptions } from '../shared/category-options.tsx';
import { priceAfter, VariantsInBulk } from './variants-in-bulk.tsx';
import { checkedByContract } from '../shared/contract-form.ts';
import { engravingFields, engravingValuesOf, offerOf, type EngravingFields } from './engraving-fields.ts';

// The product's own fields, its attributes (a list that grows and shrinks) and the price of each
// variant. Prices are typed in dollars and sent in cents.

// What the inputs hold (prices and counts as typed); the rules are the contract's
// (adminProductUpdate), judged on the whole update as if every variant were sent.
const fields = z.object({
  description: z.string(),
  longDescription: z.string(),
  categoryId: z.string().min(1, 'Choose where it is listed'),
  series: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  attributes: z.array(z.object({ label: z.string(), value: z.string() })),
  engraving: engravingFields,
  variants: z.array(
    z.object({
      id: z.number(),
      sku: z.string(),
      label: z.string(),
      metal: z.string(),
      price: z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,2})?$/, 'Dollars, like 1250 or 1250.50'),
      /** Empty: the maker sets no list price. */
      listPrice: z
        .string()
        .trim()
        .regex(/^(\d+(\.\d{1,2})?)?$/, 'Dollars, like 1250 or 1250.50, or empty'),
      stock: z.string().trim().regex(/^\d+$/, 'Whole pieces'),
    }),
  ),
});
type Values = z.infer<typeof fields>;
type Variant = Values['variants'][number];

/** The update as sent: the product's fields, and the variants in `variants` (their prices in cents). */
const updateOf = (v: Values, version: number, variants: AdminProductUpdate['variants']): AdminProductUpdate => ({
  version,
  description: v.description,
  longDescription: v.longDescription,
  categoryId: Number(v.categoryId),
  series: v.series.toUpperCase(),
  seoTitle: v.seoTitle || null,
  seoDescription: v.seoDescription || null,
  attributes: v.attributes,
  ...(variants?.length ? { variants } : {}),
});
const variantOf = (x: Variant) => ({
  id: x.id,
  sku: x.sku.toUpperCase(),
  priceCents: centsOf(Number(x.price)),
  listPriceCents: listCentsOf(x.listPrice),
  stock: Number(x.stock),
});
const listCentsOf = (v: string) => (v.trim() ? centsOf(Number(v)) : null);
// The engraving offer is judged by its own fields (engravingFields), so it is left out here.
const schema = checkedByContract(fields, adminProductUpdate, (v) => updateOf(v, 1, v.variants.map(variantOf)));

export const formValuesOf = (p: AdminProduct): Values => ({
  description: p.description,
  longDescription: p.longDescription,
  categoryId: String(p.category.id),
  series: p.series,
  seoTitle: p.seoTitle ?? '',
  seoDescription: p.seoDescription ?? '',
  attributes: p.attributes,
  engraving: engravingValuesOf(p.engraving),
  variants: p.variants.map((v) => ({
    id: v.id,
    sku: v.sku,
    stock: String(v.stock),
    metal: v.metalName,
    label: [v.metalName, v.fingerSize ? `size ${v.fingerSize}` : null, v.lengthIn ? `${v.lengthIn} in` : null]
      .filter(Boolean)
      .join(', '),
    price: decimalPrice(v.priceCents),
    listPrice: v.listPriceCents === null ? '' : decimalPrice(v.listPriceCents),
  })),
});

export function ProductForm({
  product,
  categories,
  priceRounding,
  onSaved,
  onDirtyChange,
}: {
  product: AdminProduct;
  categories: DesignOptions['categories'];
  priceRounding: DesignOptions['priceRounding'];
  onSaved: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: formValuesOf(product),
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, formState, setError, reset } = form;
  const attributes = useFieldArray({ control, name: 'attributes' });
  const variants = useFieldArray({ control, name: 'variants', keyName: 'key' });
  const { busy, run } = useAdminAction();
  const e = formState.errors;
  useEffect(() => onDirtyChange?.(formState.isDirty), [formState.isDirty, onDirtyChange]);

  const save = handleSubmit((v) =>
    run(
      async () => {
        const was = formValuesOf(product);
        // Only what changed is sent, so an edit never rewrites a price the configurator owns.
        const changed = v.variants.flatMap((x, i) => {
          const w = was.variants[i]!;
          const out = {
            id: x.id,
            ...(x.sku.toUpperCase() !== w.sku ? { sku: x.sku.toUpperCase() } : {}),
            ...(x.price !== w.price ? { priceCents: centsOf(Number(x.price)) } : {}),
            ...(x.listPrice.trim() !== w.listPrice ? { listPriceCents: listCentsOf(x.listPrice) } : {}),
            ...(x.stock !== w.stock ? { stock: Number(x.stock) } : {}),
          };
          return Object.keys(out).length > 1 ? [out] : [];
        });
        await adminApi('PATCH /products/:id', {
          params: product,
          body: { ...updateOf(v, product.version, changed), engraving: offerOf(v.engraving) },
        });
        toast.success('Saved. The storefront shows the change within a second.');
        onSaved();
      },
      (errs) => {
        for (const [field, message] of Object.entries(errs ?? {}))
          if (field in fields.shape) setError(field as keyof Values, { message });
      },
    ),
  );

  return (
    <form method="post" noValidate onSubmit={(ev) => void save(ev)} className="space-y-4">
      <section className="space-y-4 border border-hairline bg-white p-4" aria-labelledby="details">
        <h2 id="details" className="text-sm font-semibold">
          Details
        </h2>
        <Field label="Name" error={e.description} hint="The product's title on its page, cards and search.">
          {(a) => <input {...a} {...register('description')} className="field py-2" />}
        </Field>
        <Field label="Description" error={e.longDescription}>
          {(a) => <textarea {...a} {...register('longDescription')} rows={6} className="field py-2" />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Category" error={e.categoryId} hint="Moving it keeps its old link working (301).">
            {(a) => (
              <select {...a} {...register('categoryId')} className="field py-2">
                <CategoryOptions categories={categories} />
              </select>
            )}
          </Field>
          <Field label="Address word" error={e.series} hint="In its link and style number; the old link keeps working.">
            {(a) => <input {...a} {...register('series')} className="field py-2 uppercase" />}
          </Field>
        </div>
        <Field label="Search title" error={e.seoTitle} hint="What search engines show. Empty: the name.">
          {(a) => <input {...a} {...register('seoTitle')} className="field py-2" />}
        </Field>
        <Field label="Search description" error={e.seoDescription} hint="Empty: made from the description.">
          {(a) => <textarea {...a} {...register('seoDescription')} rows={2} className="field py-2" />}
        </Field>
      </section>

      <EngravingSection control={control} register={register} errors={e.engraving} />

      <section className="border border-hairline bg-white p-4" aria-labelledby="attributes">
        <h2 id="attributes" className="text-sm font-semibold">
          Attributes
        </h2>
        <p className="mt-1 text-xs text-muted">
          Shoppers filter on these (for example “Primary stone shape: Round”). Use the wording other designs use, so a
          filter finds them together.
        </p>
        {e.attributes?.root?.message || e.attributes?.message ? (
          <p role="alert" className="mt-2 text-sm text-danger">
            {e.attributes.root?.message ?? e.attributes.message}
          </p>
        ) : null}
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">Attributes</caption>
          <thead className="text-left text-xs uppercase tracking-wider text-muted">
            <tr>
              <th scope="col" className="pb-1 pr-2 font-medium">
                Attribute
              </th>
              <th scope="col" className="pb-1 pr-2 font-medium">
                Value
              </th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {attributes.fields.map((f, i) => (
              <tr key={f.id} className="align-top">
                <td className="py-1 pr-2">
                  <CellInput
                    label={`Attribute ${i + 1}`}
                    reg={register(`attributes.${i}.label`)}
                    error={e.attributes?.[i]?.label}
                  />
                </td>
                <td className="py-1 pr-2">
                  <CellInput
                    label={`Value of attribute ${i + 1}`}
                    reg={register(`attributes.${i}.value`)}
                    error={e.attributes?.[i]?.value}
                  />
                </td>
                <td className="py-1 text-right">
                  <button
                    type="button"
                    className="px-2 py-1.5 text-sm text-danger underline"
                    onClick={() => attributes.remove(i)}
                  >
                    Remove<span className="sr-only"> attribute {i + 1}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button
          type="button"
          className="btn-secondary mt-3 py-1.5 text-sm"
          onClick={() => attributes.append({ label: '', value: '' }, { shouldFocus: true })}
        >
          Add an attribute
        </button>
      </section>

      <section className="border border-hairline bg-white p-4" aria-labelledby="prices">
        <h2 id="prices" className="text-sm font-semibold">
          Variants
        </h2>
        {product.configurable ? (
          <p className="mt-1 text-sm text-muted">
            This design is made to order: its prices come from the metal prices, the size and the stones the shopper
            chooses. Change them under Metal prices.
          </p>
        ) : (
          <p className="mt-1 text-xs text-muted">
            {product.pricing === 'metal'
              ? "A new metal price moves these by the metal's weight; a hand price here is kept as the starting point."
              : 'Fixed prices: only a change here moves them.'}{' '}
            {product.stockTracked
              ? 'Sold from what is on hand: each sale takes one, and at none the page says “Out of stock”.'
              : 'Made to order: stock above zero ships sooner (“In stock”), none is made to order.'}{' '}
            A list price is the maker&rsquo;s own, where one is set: shoppers see it only when it is above your price
            and no sale is on.
          </p>
        )}
        {variants.fields.length > 1 && (
          <VariantsInBulk
            metals={[...new Set(variants.fields.map((f) => f.metal))]}
            canPrice={!product.configurable}
            onApply={(metal, change) => {
              let n = 0;
              form.getValues('variants').forEach((v, i) => {
                if (metal !== null && v.metal !== metal) return;
                n++;
                const cents = priceAfter(change, centsOf(Number(v.price) || 0), priceRounding);
                if (cents !== null)
                  form.setValue(`variants.${i}.price`, decimalPrice(cents), {
                    shouldDirty: true,
                    shouldValidate: true,
                  });
                if (change.kind === 'stock')
                  form.setValue(`variants.${i}.stock`, String(change.count), {
                    shouldDirty: true,
                    shouldValidate: true,
                  });
              });
              return n;
            }}
          />
        )}
        <div className="relative mt-3 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm">
            <caption className="sr-only">
              Variants: SKU, price{product.configurable ? '' : ", maker's list price"} and stock
            </caption>
            <thead className="text-left text-xs uppercase tracking-wider text-muted">
              <tr>
                <th scope="col" className="pb-1 pr-2 font-medium">
                  SKU
                </th>
                <th scope="col" className="pb-1 pr-2 font-medium">
                  Variant
                </th>
                <th scope="col" className="pb-1 pr-2 font-medium">
                  Price (USD)
                </th>
                {!product.configurable && (
                  <th scope="col" className="pb-1 pr-2 font-medium">
                    List price
                  </th>
                )}
                <th scope="col" className="pb-1 font-medium">
                  Stock
                </th>
              </tr>
            </thead>
            <tbody>
              {variants.fields.map((f, i) => (
                <tr key={f.key} className="border-t border-hairline align-top">
                  <td className="w-52 py-1 pr-2">
                    <CellInput
                      label={`SKU of ${f.label}`}
                      reg={register(`variants.${i}.sku`)}
                      error={e.variants?.[i]?.sku}
                      className="font-mono text-xs uppercase"
                    />
                  </td>
                  <td className="py-1.5 pr-2">{f.label}</td>
                  <td className="w-36 py-1 pr-2">
                    {product.configurable ? (
                      <span className="block py-1.5">{formatMoney(centsOf(Number(f.price)), { exact: true })}</span>
                    ) : (
                      <CellInput
                        label={`Price of ${f.sku}`}
                        reg={register(`variants.${i}.price`)}
                        error={e.variants?.[i]?.price}
                        inputMode="decimal"
                      />
                    )}
                  </td>
                  {!product.configurable && (
                    <td className="w-36 py-1 pr-2">
                      <CellInput
                        label={`Maker's list price of ${f.sku}`}
                        reg={register(`variants.${i}.listPrice`)}
                        error={e.variants?.[i]?.listPrice}
                        inputMode="decimal"
                      />
                    </td>
                  )}
                  <td className="w-24 py-1">
                    <CellInput
                      label={`Stock of ${f.sku}`}
                      reg={register(`variants.${i}.stock`)}
                      error={e.variants?.[i]?.stock}
                      inputMode="numeric"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 border border-hairline bg-white p-3 shadow-sm">
        <button type="submit" className="btn-primary py-2" disabled={busy || !formState.isDirty}>
          {busy ? 'Saving…' : 'Save changes'}
        </button>
        <button
          type="button"
          className="btn-secondary py-2"
          disabled={busy || !formState.isDirty}
          onClick={() => reset(formValuesOf(product))}
        >
          Discard changes
        </button>
        <p className="text-sm text-muted" aria-live="polite">
          {formState.isDirty ? 'Unsaved changes' : ''}
        </p>
      </div>
    </form>
  );
}

/** Whether and how the design can be engraved (its own block of the form). */
function EngravingSection({
  control,
  register,
  errors,
}: {
  control: Control<Values>;
  register: UseFormRegister<Values>;
  errors?: FieldErrors<EngravingFields>;
}) {
  const on = useWatch({ control, name: 'engraving.on' });
  return (
    <section className="space-y-4 border border-hairline bg-white p-4" aria-labelledby="engraving">
      <h2 id="engraving" className="text-sm font-semibold">
        Engraving
      </h2>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('engraving.on')} className="h-4 w-4 accent-primary" />
        Shoppers can have this piece engraved
      </label>
      {on && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Where" error={errors?.place} hint="As shoppers read it: “inside the band”, “on the back”.">
              {(a) => <input {...a} {...register('engraving.place')} className="field py-2" />}
            </Field>
            <Field label="Most characters" error={errors?.maxChars} hint={`1 to ${ENGRAVING_MAX_CHARS}; spaces count.`}>
              {(a) => <input {...a} {...register('engraving.maxChars')} inputMode="numeric" className="field py-2" />}
            </Field>
            <Field label="Price (dollars)" error={errors?.price} hint="0 for free engraving.">
              {(a) => <input {...a} {...register('engraving.price')} inputMode="decimal" className="field py-2" />}
            </Field>
            <Field label="Days it adds" error={errors?.days} hint="Business days before the piece ships.">
              {(a) => <input {...a} {...register('engraving.days')} inputMode="numeric" className="field py-2" />}
            </Field>
          </div>
          <fieldset>
            <legend className="mb-1 text-sm font-medium">Fonts offered</legend>
            <div className="flex flex-wrap gap-4">
              {ENGRAVING_FONTS.map((f) => (
                <label key={f} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    value={f}
                    {...register('engraving.fonts')}
                    className="h-4 w-4 accent-primary"
                  />
                  <span style={{ fontFamily: ENGRAVING_FONT_FACES[f].family }} className="text-base">
                    {ENGRAVING_FONT_FACES[f].label}
                  </span>
                </label>
              ))}
            </div>
            {errors?.fonts?.message && <p className="mt-1 text-sm text-danger">{errors.fonts.message}</p>}
          </fieldset>
        </>
      )}
    </section>
  );
}
