import type { Form } from '~/components/form/use-form.ts';
import { AddressFields, type AddressFieldName } from '~/components/form/address-fields.tsx';

export function BillingStep({
  same,
  onSame,
  form,
}: {
  same: boolean;
  onSame: (v: boolean) => void;
  form: Form<AddressFieldName>;
}) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={same}
          onChange={(e) => onSame(e.target.checked)}
          className="h-4 w-4 accent-[var(--color-primary)]"
        />
        Same as shipping address
      </label>
      {!same && (
        <div className="mt-5">
          <AddressFields form={form} section="billing" />
        </div>
      )}
    </>
  );
}
