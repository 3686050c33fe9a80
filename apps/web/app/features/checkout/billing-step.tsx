import type { Form } from '~/components/form/use-form.ts';
import { AddressFields, type AddressFieldName } from '~/components/form/address-fields.tsx';

export function BillingStep({
  same,
  onSame,
  form,
}: {
  same: boolean;
  /** Absent: there is no shipping address to be the same as (gift cards alone). */
  onSame?: (v: boolean) => void;
  form: Form<AddressFieldName>;
}) {
  return (
    <>
      {onSame && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={same}
            onChange={(e) => onSame(e.target.checked)}
            className="h-4 w-4 accent-[var(--color-primary)]"
          />
          Same as shipping address
        </label>
      )}
      {!same && (
        <div className={onSame ? 'mt-5' : ''}>
          <AddressFields form={form} section="billing" />
        </div>
      )}
    </>
  );
}
