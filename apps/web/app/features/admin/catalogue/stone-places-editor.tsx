import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { AdminProduct, StonePlace } from '@facet/contracts/admin-catalogue';
import { centsOf, decimalPrice } from '@facet/contracts/money';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { StonePlaceFields } from './stone-place-fields.tsx';
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
      {places.fields.map((f, i) => (
        <StonePlaceFields
          key={f.id}
          n={i + 1}
          center={watched[i]?.group !== 'Accent'}
          reg={(field) => register(`places.${i}.${field}`)}
          errors={e?.[i]}
          onRemove={places.fields.length > 1 ? () => places.remove(i) : undefined}
        />
      ))}
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
