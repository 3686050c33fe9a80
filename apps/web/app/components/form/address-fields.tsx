import { z } from 'zod';
import { addressFields, US_STATES, type Address } from '@facet/contracts/account';
import type { Form } from './use-form.ts';
import { TextField } from './text-field.tsx';
import { SelectField } from './select-field.tsx';

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
  form: Form<AddressFieldName>;
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
        hint={
          section === 'shipping'
            ? 'Required for insured delivery: the courier uses it to arrange the delivery'
            : 'So we can reach you about this payment'
        }
      />
      <div className="flex items-end pb-2 text-sm text-muted sm:col-span-3">United States</div>
    </div>
  );
}
