import { useState } from 'react';
import { z } from 'zod';
import { addressFields, US_STATES, type Address, type AddressInput } from '@facet/contracts/account';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { SelectField } from '~/components/form/select-field.tsx';

const f = addressFields.shape;
export const addressSchemas = {
  name: f.name,
  company: f.company,
  line1: f.line1,
  line2: f.line2,
  city: f.city,
  state: z.string().min(1, 'Please choose a state').pipe(f.state),
  zip: f.zip,
  phone: f.phone,
};
export type AddressFieldName = keyof typeof addressSchemas;
export const STATE_OPTIONS = Object.entries(US_STATES).map(([value, label]) => ({ value, label }));
export const emptyAddress = (a?: Partial<Address>): Record<AddressFieldName, string> => ({
  name: a?.name ?? '',
  company: a?.company ?? '',
  line1: a?.line1 ?? '',
  line2: a?.line2 ?? '',
  city: a?.city ?? '',
  state: a?.state ?? '',
  zip: a?.zip ?? '',
  phone: a?.phone ?? '',
});

/** The US address fields with their autocomplete tokens; `section` keeps shipping and billing apart for autofill. */
export function AddressFields({
  form,
  section = 'shipping',
}: {
  form: ReturnType<typeof useForm<AddressFieldName>>;
  section?: 'shipping' | 'billing';
}) {
  const ac = (token: string) => `section-${section} ${section} ${token}`;
  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <TextField
        form={form}
        name="name"
        label="Full name"
        autoComplete={ac('name')}
        required
        className="sm:col-span-3"
      />
      <TextField
        form={form}
        name="company"
        label="Company"
        autoComplete={ac('organization')}
        className="sm:col-span-3"
      />
      <TextField
        form={form}
        name="line1"
        label="Street address"
        autoComplete={ac('address-line1')}
        required
        className="sm:col-span-4"
      />
      <TextField
        form={form}
        name="line2"
        label="Apt, suite, floor"
        autoComplete={ac('address-line2')}
        className="sm:col-span-2"
      />
      <TextField
        form={form}
        name="city"
        label="City"
        autoComplete={ac('address-level2')}
        required
        className="sm:col-span-2"
      />
      <SelectField
        form={form}
        name="state"
        label="State"
        options={STATE_OPTIONS}
        autoComplete={ac('address-level1')}
        required
        className="sm:col-span-2"
      />
      <TextField
        form={form}
        name="zip"
        label="ZIP code"
        autoComplete={ac('postal-code')}
        inputMode="numeric"
        required
        className="sm:col-span-2"
      />
      <TextField
        form={form}
        name="phone"
        label="Phone"
        type="tel"
        autoComplete={ac('tel')}
        required
        className="sm:col-span-3"
        hint="Required for insured delivery: the courier uses it to arrange the signature"
      />
      <div className="flex items-end pb-2 text-sm text-muted sm:col-span-3">United States</div>
    </div>
  );
}

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
