import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Gift } from '~/components/icons.tsx';
import {
  GIFT_CARD_AMOUNTS,
  GIFT_CARD_EXPIRY,
  GIFT_CARD_IMAGE,
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MIN_CENTS,
  giftCardPurchase,
} from '@facet/contracts/gift-cards';
import { centsOf, formatMoney } from '@facet/contracts/money';
import { paths } from '@facet/contracts/paths';
import type { Route } from './+types/gift-cards';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { useSubmit } from '~/components/form/use-submit.ts';
import { addToCart } from '~/lib/cart-store.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { useStoreFacts } from '~/lib/store-facts.ts';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Gift cards',
    description: `A Facet gift card from $50 to $10,000, e-mailed on the day you choose with your message. ${GIFT_CARD_EXPIRY}`,
  });

const shape = giftCardPurchase.shape;
const schemas = {
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'Whole dollars, like 250')
    .refine((v) => centsOf(Number(v)) >= GIFT_CARD_MIN_CENTS, 'At least $50')
    .refine((v) => centsOf(Number(v)) <= GIFT_CARD_MAX_CENTS, 'At most $10,000'),
  recipientName: shape.recipientName,
  recipientEmail: shape.recipientEmail,
  senderName: shape.senderName,
  message: shape.message,
  deliverOn: z.iso.date('Choose a day'),
};

/** Today on the store's calendar, for the date picker's first day. */
const dayIn = (timeZone: string, plusDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() + plusDays * 86_400_000));

export default function GiftCards() {
  const facts = useStoreFacts();
  const today = dayIn(facts.timezone);
  const form = useForm(schemas, {
    amount: '250',
    recipientName: '',
    recipientEmail: '',
    senderName: '',
    message: '',
    deliverOn: today,
  });
  const { busy, onSubmit } = useSubmit();
  const navigate = useNavigate();
  const [added, setAdded] = useState(false);
  const amountCents = /^\d+$/.test(form.values.amount) ? centsOf(Number(form.values.amount)) : 0;
  const submit = onSubmit(form, async () => {
    await addToCart({
      kind: 'gift-card',
      card: {
        amountCents,
        recipientName: form.values.recipientName,
        recipientEmail: form.values.recipientEmail,
        senderName: form.values.senderName,
        message: form.values.message,
        deliverOn: form.values.deliverOn,
      },
    });
    setAdded(true);
    void navigate('/cart');
  });
  return (
    <div className="mx-auto max-w-site px-4 pb-24 pt-10 lg:px-8">
      <div className="grid gap-12 lg:grid-cols-[minmax(0,32rem)_1fr]">
        <div>
          <img src={GIFT_CARD_IMAGE} alt="" width={640} height={400} className="w-full border border-hairline" />
          <ul className="mt-6 space-y-2 text-sm text-muted">
            <li>E-mailed to them on the day you choose, with your message, from us.</li>
            <li>Spent on anything in the store, at once or over several orders. {GIFT_CARD_EXPIRY}</li>
            <li>
              Have one already?{' '}
              <Link to={paths.giftBalance()} className="text-primary underline">
                Check its balance
              </Link>
              .
            </li>
          </ul>
        </div>
        <div>
          <p className="eyebrow text-primary">For someone you love</p>
          <h1 className="mt-2 font-display text-5xl">Gift cards</h1>
          <p className="mt-3 text-muted">From $50 to $10,000, in whole dollars.</p>
          <form method="post" noValidate onSubmit={submit} aria-label="Buy a gift card" className="mt-8 space-y-5">
            <fieldset>
              <legend className="mb-2 text-sm font-medium">Amount</legend>
              <div className="flex flex-wrap gap-2">
                {GIFT_CARD_AMOUNTS.map((c) => {
                  const on = amountCents === c;
                  return (
                    <button
                      key={c}
                      type="button"
                      aria-pressed={on}
                      onClick={() => form.set('amount', String(c / 100))}
                      className={`border px-4 py-2 text-sm ${on ? 'border-primary bg-secondary' : 'border-hairline'}`}
                    >
                      {formatMoney(c)}
                    </button>
                  );
                })}
              </div>
            </fieldset>
            <TextField form={form} name="amount" label="Or any amount (USD)" inputMode="numeric" required />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField form={form} name="recipientName" label="Their name" autoComplete="off" required />
              <TextField
                form={form}
                name="recipientEmail"
                label="Their e-mail"
                type="email"
                autoComplete="off"
                required
              />
              <TextField form={form} name="senderName" label="From" autoComplete="name" required />
              <TextField
                form={form}
                name="deliverOn"
                label="Send it on"
                type="date"
                min={today}
                max={dayIn(facts.timezone, 365)}
                required
              />
            </div>
            <TextField
              form={form}
              name="message"
              label="Your message"
              multiline={3}
              maxLength={300}
              hint={`Plain words (no links): ${form.values.message.length} / 300 characters`}
            />
            <button type="submit" className="btn-primary w-full py-4" disabled={busy || added}>
              <Gift aria-hidden="true" className="mr-2 inline h-4 w-4" />
              {busy ? 'Adding…' : `Add a ${amountCents ? formatMoney(amountCents) : ''} gift card to your cart`}
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}
