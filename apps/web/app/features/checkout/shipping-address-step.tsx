import type { Address } from '@facet/contracts/account';
import type { Form } from '~/components/form/use-form.ts';
import { AddressFields, type AddressFieldName } from '~/components/form/address-fields.tsx';
import { AddressLines } from '~/components/address-lines.tsx';

const option = (on: boolean) =>
  `flex cursor-pointer gap-3 border p-4 text-sm ${on ? 'border-primary bg-secondary/40' : 'border-hairline'}`;

/** A saved address to choose, or a new one to type (and, signed in, keep). */
export function ShippingAddressStep({
  saved,
  choice,
  onChoose,
  form,
  canSave,
  save,
  onSave,
}: {
  saved: Address[];
  choice: number | 'new';
  onChoose: (c: number | 'new') => void;
  form: Form<AddressFieldName>;
  canSave: boolean;
  save: boolean;
  onSave: (v: boolean) => void;
}) {
  return (
    <>
      {saved.length > 0 && (
        <fieldset className="mb-5 space-y-2">
          <legend className="sr-only">Saved addresses</legend>
          {saved.map((a) => (
            <label key={a.id} className={option(choice === a.id)}>
              <input
                type="radio"
                name="saved-address"
                checked={choice === a.id}
                onChange={() => onChoose(a.id)}
                className="mt-1 accent-[var(--color-primary)]"
              />
              <AddressLines a={a} />
            </label>
          ))}
          <label className={`${option(choice === 'new')} items-center`}>
            <input
              type="radio"
              name="saved-address"
              checked={choice === 'new'}
              onChange={() => onChoose('new')}
              className="accent-[var(--color-primary)]"
            />
            Use a new address
          </label>
        </fieldset>
      )}
      {choice === 'new' && (
        <>
          <AddressFields form={form} />
          {canSave && (
            <label className="mt-4 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={save}
                onChange={(e) => onSave(e.target.checked)}
                className="h-4 w-4 accent-[var(--color-primary)]"
              />
              Save this address to my account
            </label>
          )}
        </>
      )}
    </>
  );
}
