import { z } from 'zod';
import { cardBody } from '@facet/contracts/commerce';
import type { Form } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { cardExpired } from './card-expiry.ts';

// The card rules are the server's (contracts); only the MM / YY box is the page's own.
export const cardSchemas = {
  name: cardBody.shape.name,
  number: cardBody.shape.number,
  exp: z
    .string()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Use MM / YY')
    .refine((v) => !cardExpired(v), 'This card has expired: check the date or use another card'),
  cvc: cardBody.shape.cvc,
};
export type CardFieldName = keyof typeof cardSchemas;
export const emptyCard = (): Record<CardFieldName, string> => ({ name: '', number: '', exp: '', cvc: '' });

export function PaymentFields({ form }: { form: Form<CardFieldName> }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-6">
        <TextField
          form={form}
          name="name"
          label="Name on card"
          autoComplete="cc-name"
          required
          className="sm:col-span-6"
        />
        <TextField
          form={form}
          name="number"
          label="Card number"
          autoComplete="cc-number"
          inputMode="numeric"
          required
          className="sm:col-span-6"
        />
        <TextField
          form={form}
          name="exp"
          label="Expiry (MM / YY)"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM / YY"
          required
          className="sm:col-span-3"
        />
        <TextField
          form={form}
          name="cvc"
          label="Security code"
          autoComplete="cc-csc"
          inputMode="numeric"
          required
          className="sm:col-span-3"
        />
      </div>
      <p className="mt-4 bg-secondary/60 px-3 py-2 text-xs">
        Demo store: pay with the test card 4242 4242 4242 4242, any future expiry and any 3 digits. 4000 0000 0000 0002
        shows a decline. No real card is charged, and only the brand and last four digits are kept.
      </p>
    </>
  );
}
