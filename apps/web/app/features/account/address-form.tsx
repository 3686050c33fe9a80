import { useState } from 'react';
import type { Address, AddressInput } from '@facet/contracts/account';
import { useForm } from '~/components/form/use-form.ts';
import { AddressFields, addressSchemas, emptyAddress } from '~/components/form/address-fields.tsx';

/** Add or edit one saved address. */
export function AddressForm({
  initial,
  onSubmit,
  onCancel,
}: {
  initial?: Address;
  onSubmit: (body: AddressInput) => Promise<boolean>;
  onCancel: () => void;
}) {
  const form = useForm(addressSchemas, emptyAddress(initial));
  const [ship, setShip] = useState(initial?.isDefaultShipping ?? false);
  const [bill, setBill] = useState(initial?.isDefaultBilling ?? false);
  const [busy, setBusy] = useState(false);
  return (
    <form
      method="post"
      noValidate
      aria-label={initial ? 'Edit address' : 'Add address'}
      className="space-y-5"
      onReset={form.reset}
      onSubmit={async (e) => {
        e.preventDefault();
        form.touchAll();
        if (!form.isValid) return;
        setBusy(true);
        try {
          const body = {
            ...form.values,
            state: form.values.state as AddressInput['state'],
            country: 'US' as const,
            isDefaultShipping: ship,
            isDefaultBilling: bill,
          };
          await onSubmit(body);
        } finally {
          setBusy(false);
        }
      }}
    >
      <AddressFields form={form} />
      <fieldset className="space-y-2 text-sm">
        <legend className="sr-only">Defaults</legend>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={ship}
            disabled={initial?.isDefaultShipping}
            onChange={(e) => setShip(e.target.checked)}
            className="h-4 w-4 accent-[var(--color-primary)]"
          />
          Default shipping address
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={bill}
            disabled={initial?.isDefaultBilling}
            onChange={(e) => setBill(e.target.checked)}
            className="h-4 w-4 accent-[var(--color-primary)]"
          />
          Default billing address
        </label>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={!form.isValid || busy}>
          {busy ? 'Saving…' : 'Save address'}
        </button>
        <button type="reset" className="btn-secondary">
          Reset
        </button>
        <button type="button" className="px-3 text-sm text-muted underline-offset-4 hover:underline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
