import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { SETTING_TYPES, type AdminProduct, type StonePlace } from '@facet/contracts/admin-catalogue';
import { SHAPES } from '@facet/contracts/grades';
import { centsOf, decimalPrice } from '@facet/contracts/money';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { Field } from '../shared/field.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

// A setting's stone places after it was made: what each place holds, the carat range or melee
// size, its labour. Saving prices the design again from what fits now; the server refuses places
// nothing on sale can fill, and an editor opened on an older version. Orders keep their stones.

interface Place {
  group: 'Center' | 'Accent';
  shape: string;
  count: string;
  settingType: string;
  caratMin: string;
  caratMax: string;
  sizeMm: string;
  labour: string;
  optional: boolean;
}
const valuesOf = (p: StonePlace): Place => ({
  group: p.group,
  shape: p.shape,
  count: String(p.count),
  settingType: p.settingType,
  caratMin: p.caratMin === undefined ? '' : String(p.caratMin),
  caratMax: p.caratMax === undefined ? '' : String(p.caratMax),
  sizeMm: p.sizeMm === undefined ? '' : String(p.sizeMm),
  labour: decimalPrice(p.settingLabourCents),
  optional: p.optional,
});
const placeOf = (p: Place) =>
  ({
    group: p.group,
    shape: p.shape,
    count: Number(p.count),
    settingType: p.settingType,
    ...(p.group === 'Center'
      ? { caratMin: Number(p.caratMin), caratMax: Number(p.caratMax) }
      : { sizeMm: Number(p.sizeMm) }),
    settingLabourCents: centsOf(Number(p.labour)),
    optional: p.optional,
  }) as StonePlace;
/** "stonePlaces.0.caratMax" (the server's) → "places.0.caratMax" (this form's). */
const FIELD: Record<string, keyof Place> = { settingLabourCents: 'labour' };

export function StonePlacesEditor({ product, onSaved }: { product: AdminProduct; onSaved: () => void }) {
  const { busy, run } = useAdminAction();
  const form = useForm<{ places: Place[] }>({ defaultValues: { places: (product.stonePlaces ?? []).map(valuesOf) } });
  const { register, control, handleSubmit, formState, setError } = form;
  const places = useFieldArray({ control, name: 'places' });
  const watched = useWatch({ control, name: 'places' });
  const e = formState.errors.places;

  const save = handleSubmit((v) =>
    run(
      async () => {
        await adminApi('PUT /products/:id/stone-places', {
          params: product,
          body: { version: product.version, stonePlaces: v.places.map(placeOf) },
        });
        toast.success('Stone places saved and the design priced again. Orders keep the stones they were sold with.');
        onSaved();
      },
      (errs) => {
        for (const [path, message] of Object.entries(errs ?? {})) {
          const [head, i, field] = path.split('.');
          if (head !== 'stonePlaces') continue;
          if (i === undefined || field === undefined) setError('places', { message });
          else setError(`places.${Number(i)}.${FIELD[field] ?? (field as keyof Place)}`, { message });
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
      aria-labelledby="stone-places"
    >
      <h2 id="stone-places" className="text-sm font-semibold">
        Stone places
      </h2>
      <p className="text-xs text-muted">
        What shoppers choose in the configurator. A change prices the design again at once; orders already placed keep
        the stones they were sold with.
      </p>
      {e?.message && <p className="text-sm text-danger">{e.message}</p>}
      {places.fields.map((f, i) => {
        const center = watched[i]?.group !== 'Accent';
        const pe = e?.[i];
        return (
          <fieldset key={f.id} className="grid gap-3 border border-hairline p-3 sm:grid-cols-4">
            <legend className="px-1 text-sm font-medium">Place {i + 1}</legend>
            <Field label="Place" error={pe?.group}>
              {(a) => (
                <select {...a} {...register(`places.${i}.group`)} className="field py-2">
                  <option value="Center">Center stone</option>
                  <option value="Accent">Accent stones (melee)</option>
                </select>
              )}
            </Field>
            <Field label="Shape" error={pe?.shape}>
              {(a) => (
                <select {...a} {...register(`places.${i}.shape`)} className="field py-2">
                  {SHAPES.map((x) => (
                    <option key={x}>{x}</option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Stones" error={pe?.count}>
              {(a) => <input {...a} {...register(`places.${i}.count`)} className="field py-2" inputMode="numeric" />}
            </Field>
            <Field label="Setting" error={pe?.settingType}>
              {(a) => (
                <select {...a} {...register(`places.${i}.settingType`)} className="field py-2">
                  {SETTING_TYPES.map((x) => (
                    <option key={x}>{x}</option>
                  ))}
                </select>
              )}
            </Field>
            {center ? (
              <>
                <Field label="From (ct)" error={pe?.caratMin}>
                  {(a) => (
                    <input {...a} {...register(`places.${i}.caratMin`)} className="field py-2" inputMode="decimal" />
                  )}
                </Field>
                <Field label="To (ct)" error={pe?.caratMax}>
                  {(a) => (
                    <input {...a} {...register(`places.${i}.caratMax`)} className="field py-2" inputMode="decimal" />
                  )}
                </Field>
              </>
            ) : (
              <Field label="Size (mm)" error={pe?.sizeMm}>
                {(a) => <input {...a} {...register(`places.${i}.sizeMm`)} className="field py-2" inputMode="decimal" />}
              </Field>
            )}
            <Field label="Setting labour (USD)" error={pe?.labour}>
              {(a) => <input {...a} {...register(`places.${i}.labour`)} className="field py-2" inputMode="decimal" />}
            </Field>
            <label className="flex items-center gap-2 self-end pb-2 text-sm">
              <input type="checkbox" {...register(`places.${i}.optional`)} className="h-4 w-4" />
              The shopper may leave it empty
            </label>
            {places.fields.length > 1 && (
              <div className="self-end pb-1 sm:col-span-4">
                <button type="button" className="text-sm text-danger underline" onClick={() => places.remove(i)}>
                  Remove place {i + 1}
                </button>
              </div>
            )}
          </fieldset>
        );
      })}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-secondary py-1.5 text-sm"
          disabled={places.fields.length >= 4}
          onClick={() =>
            places.append({
              group: 'Accent',
              shape: 'Round',
              count: '16',
              settingType: 'pavé',
              caratMin: '',
              caratMax: '',
              sizeMm: '1.3',
              labour: '180',
              optional: false,
            })
          }
        >
          Add a stone place
        </button>
        <button type="submit" className="btn-primary py-1.5 text-sm" disabled={busy || !formState.isDirty}>
          {busy ? 'Saving…' : 'Save stone places'}
        </button>
      </div>
    </form>
  );
}
