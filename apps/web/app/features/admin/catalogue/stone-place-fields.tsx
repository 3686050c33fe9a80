import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { SETTING_TYPES } from '@facet/contracts/admin-catalogue';
import { SHAPES } from '@facet/contracts/grades';
import { Field } from '../shared/field.tsx';

/** A stone place as a form holds it (the new-design form's and a setting's places editor). */
export type PlaceField =
  'group' | 'shape' | 'count' | 'settingType' | 'caratMin' | 'caratMax' | 'sizeMm' | 'labour' | 'optional';

/** One place's fields: what it holds, the carat range (center) or melee size (accent), its labour. */
export function StonePlaceFields({
  n,
  center,
  reg,
  errors,
  onRemove,
}: {
  /** Its number, from 1. */
  n: number;
  center: boolean;
  reg: (field: PlaceField) => UseFormRegisterReturn;
  errors?: Partial<Record<PlaceField, FieldError>>;
  /** Absent: it cannot be removed (the last place). */
  onRemove?: () => void;
}) {
  return (
    <fieldset className="grid gap-3 border border-hairline p-3 sm:grid-cols-4">
      <legend className="px-1 text-sm font-medium">Place {n}</legend>
      <Field label="Place" error={errors?.group}>
        {(a) => (
          <select {...a} {...reg('group')} className="field py-2">
            <option value="Center">Center stone</option>
            <option value="Accent">Accent stones (melee)</option>
          </select>
        )}
      </Field>
      <Field label="Shape" error={errors?.shape}>
        {(a) => (
          <select {...a} {...reg('shape')} className="field py-2">
            {SHAPES.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Stones" error={errors?.count}>
        {(a) => <input {...a} {...reg('count')} className="field py-2" inputMode="numeric" />}
      </Field>
      <Field label="Setting" error={errors?.settingType}>
        {(a) => (
          <select {...a} {...reg('settingType')} className="field py-2">
            {SETTING_TYPES.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
        )}
      </Field>
      {center ? (
        <>
          <Field label="From (ct)" error={errors?.caratMin}>
            {(a) => <input {...a} {...reg('caratMin')} className="field py-2" inputMode="decimal" />}
          </Field>
          <Field label="To (ct)" error={errors?.caratMax}>
            {(a) => <input {...a} {...reg('caratMax')} className="field py-2" inputMode="decimal" />}
          </Field>
        </>
      ) : (
        <Field label="Size (mm)" error={errors?.sizeMm}>
          {(a) => <input {...a} {...reg('sizeMm')} className="field py-2" inputMode="decimal" />}
        </Field>
      )}
      <Field label="Setting labour (USD)" error={errors?.labour}>
        {(a) => <input {...a} {...reg('labour')} className="field py-2" inputMode="decimal" />}
      </Field>
      <label className="flex items-center gap-2 self-end pb-2 text-sm">
        <input type="checkbox" {...reg('optional')} className="h-4 w-4" />
        The shopper may leave it empty
      </label>
      {onRemove && (
        <div className="self-end pb-1 sm:col-span-4">
          <button type="button" className="text-sm text-danger underline" onClick={onRemove}>
            Remove place {n}
          </button>
        </div>
      )}
    </fieldset>
  );
}
