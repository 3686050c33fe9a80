import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { AdminAnswer } from '@facet/contracts/admin-api';
import { centsOf, decimalPrice, NEAREST_ROUNDING_LABELS, ROUNDINGS } from '@facet/contracts/money';
import { US_STATES } from '@facet/contracts/account';
import {
  SHIPPING_METHOD_KEYS,
  US_STATE,
  storeSettingsBody,
  WEEKDAYS,
  type StoreSettings,
} from '@facet/contracts/store-settings';
import { toast } from '~/lib/toast.ts';
import { useRootData } from '~/root.tsx';
import { adminApi } from '../shared/admin-api.ts';
import { checkedByContract } from '../shared/contract-form.ts';
import { CellInput, CellSelect, Field } from '../shared/field.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

// The store's settings as the owner types them: prices in dollars, tax in percent, days as
// numbers. The body sent is the contract's (cents, thousandths of a percent), which the server checks again.

type Answer = AdminAnswer<'GET /settings'>;

// What the inputs hold, as typed (dollars, whole numbers, percents); every rule on the settings —
// lengths, ranges, opening hours, duplicates — is the contract's (storeSettingsBody), judged on the
// settings this form sends, its messages shown beside the field they name.
const dollars = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, 'Dollars, like 15 or 15.50');
const whole = (unit: string) => z.string().trim().regex(/^\d+$/, `A whole number of ${unit}`);
const percent = z
  .string()
  .trim()
  // To the thousandth: New York City's rate is 8.875 %.
  .regex(/^\d{1,2}(\.\d{1,3})?$/, 'A percent with up to three decimals, like 8.875');
const method = z.object({ label: z.string(), days: z.string(), price: dollars });

/** The non-empty lines of a box, trimmed. */
const lines = (v: string) =>
  v
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const fields = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  shipping: z.object({ standard: method, express: method, overnight: method }),
  freeShipping: dollars,
  signatureOver: dollars,
  parcelOunces: whole('ounces'),
  madeFrom: whole('business days'),
  madeTo: whole('business days'),
  returnDays: whole('days'),
  freeResizeDays: whole('days'),
  videoOrigins: z.string(),
  restocking: whole('percent'),
  layawayOn: z.boolean(),
  layawayOver: dollars,
  layawayDeposit: whole('percent'),
  layawayWeeks: whole('weeks'),
  layawayEvery: whole('weeks'),
  layawayGrace: whole('days'),
  layawayFee: dollars,
  supplierHours: whole('hours'),
  remindOn: z.boolean(),
  remindFirst: whole('minutes'),
  remindSecond: whole('minutes'),
  notesOn: z.boolean(),
  notesDays: whole('days'),
  priceRounding: z.enum(ROUNDINGS),
  hours: z.array(z.object({ open: z.boolean(), from: z.string(), to: z.string() })).length(7),
  announcementOn: z.boolean(),
  announcementText: z.string(),
  announcementHref: z.string(),
  slotMinutes: whole('minutes'),
  daysAhead: whole('days'),
  noticeHours: whole('hours'),
  // A state twice would be one entry in the rates sent (a record), so the form refuses it itself.
  tax: z
    .array(z.object({ state: z.string().regex(US_STATE, 'Choose the state'), percent }))
    .refine((rows) => new Set(rows.map((r) => r.state)).size === rows.length, 'A state is listed twice'),
  zip: z.array(z.object({ zip: z.string(), state: z.string(), place: z.string(), percent })),
});
type Values = z.infer<typeof fields>;

const valuesOf = (s: StoreSettings): Values => ({
  ...s.store,
  shipping: Object.fromEntries(
    SHIPPING_METHOD_KEYS.map((k) => [
      k,
      { label: s.shipping[k].label, days: s.shipping[k].days, price: decimalPrice(s.shipping[k].cents) },
    ]),
  ) as Values['shipping'],
  freeShipping: decimalPrice(s.freeShippingOverCents),
  signatureOver: decimalPrice(s.signatureOverCents),
  parcelOunces: String(s.parcelOunces),
  madeFrom: String(s.madeToOrderDays.from),
  madeTo: String(s.madeToOrderDays.to),
  returnDays: String(s.returnDays),
  freeResizeDays: String(s.freeResizeDays),
  videoOrigins: s.videoOrigins.join('\n'),
  restocking: String(s.restockingPercent),
  layawayOn: s.layaway.on,
  layawayOver: decimalPrice(s.layaway.overCents),
  layawayDeposit: String(s.layaway.depositPercent),
  layawayWeeks: String(s.layaway.weeks),
  layawayEvery: String(s.layaway.everyWeeks),
  layawayGrace: String(s.layaway.graceDays),
  layawayFee: decimalPrice(s.layaway.feeCents),
  supplierHours: String(s.supplierConfirmHours),
  remindOn: s.cartReminders.on,
  remindFirst: String(s.cartReminders.firstMinutes),
  remindSecond: String(s.cartReminders.secondMinutes),
  notesOn: s.dateNotes.on,
  notesDays: String(s.dateNotes.daysBefore),
  priceRounding: s.priceRounding,
  hours: s.openingHours.map((h) => ({ open: h !== null, from: h?.open ?? '', to: h?.close ?? '' })),
  announcementOn: s.announcement.on,
  announcementText: s.announcement.text,
  announcementHref: s.announcement.href,
  slotMinutes: String(s.appointments.minutes),
  daysAhead: String(s.appointments.daysAhead),
  noticeHours: String(s.appointments.noticeHours),
  tax: Object.entries(s.taxRates)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([state, thousandths]) => ({ state, percent: String(thousandths / 1000) })),
  zip: (s.zipTaxRates ?? []).map((r) => ({
    zip: r.zip,
    state: r.state,
    place: r.place,
    percent: String(r.rate / 1000),
  })),
});

const settingsOf = (v: Values): StoreSettings => ({
  store: { name: v.name, email: v.email, phone: v.phone, address: v.address },
  shipping: Object.fromEntries(
    SHIPPING_METHOD_KEYS.map((k) => [
      k,
      { label: v.shipping[k].label, days: v.shipping[k].days, cents: centsOf(Number(v.shipping[k].price)) },
    ]),
  ) as StoreSettings['shipping'],
  freeShippingOverCents: centsOf(Number(v.freeShipping)),
  signatureOverCents: centsOf(Number(v.signatureOver)),
  parcelOunces: Number(v.parcelOunces),
  madeToOrderDays: { from: Number(v.madeFrom), to: Number(v.madeTo) },
  returnDays: Number(v.returnDays),
  freeResizeDays: Number(v.freeResizeDays),
  videoOrigins: lines(v.videoOrigins).map((o) => o.toLowerCase()),
  restockingPercent: Number(v.restocking),
  layaway: {
    on: v.layawayOn,
    overCents: centsOf(Number(v.layawayOver)),
    depositPercent: Number(v.layawayDeposit),
    weeks: Number(v.layawayWeeks),
    everyWeeks: Number(v.layawayEvery),
    graceDays: Number(v.layawayGrace),
    feeCents: centsOf(Number(v.layawayFee)),
  },
  supplierConfirmHours: Number(v.supplierHours),
  cartReminders: { on: v.remindOn, firstMinutes: Number(v.remindFirst), secondMinutes: Number(v.remindSecond) },
  dateNotes: { on: v.notesOn, daysBefore: Number(v.notesDays) },
  priceRounding: v.priceRounding,
  openingHours: v.hours.map((d) => (d.open ? { open: d.from, close: d.to } : null)) as StoreSettings['openingHours'],
  announcement: { on: v.announcementOn, text: v.announcementText, href: v.announcementHref },
  appointments: { minutes: Number(v.slotMinutes), daysAhead: Number(v.daysAhead), noticeHours: Number(v.noticeHours) },
  taxRates: Object.fromEntries(v.tax.map((r) => [r.state, Math.round(Number(r.percent) * 1000)])),
  zipTaxRates: v.zip.map((r) => ({
    zip: r.zip,
    state: r.state,
    place: r.place,
    rate: Math.round(Number(r.percent) * 1000),
  })),
});

/** The server's field names (the contract's) → this form's, so its refusals show beside the field. */
const FIELD_OF: Record<string, string> = {
  'store.name': 'name',
  'store.email': 'email',
  'store.phone': 'phone',
  'store.address': 'address',
  freeShippingOverCents: 'freeShipping',
  signatureOverCents: 'signatureOver',
  parcelOunces: 'parcelOunces',
  'madeToOrderDays.from': 'madeFrom',
  'madeToOrderDays.to': 'madeTo',
  returnDays: 'returnDays',
  freeResizeDays: 'freeResizeDays',
  videoOrigins: 'videoOrigins',
  restockingPercent: 'restocking',
  'layaway.overCents': 'layawayOver',
  'layaway.depositPercent': 'layawayDeposit',
  'layaway.weeks': 'layawayWeeks',
  'layaway.everyWeeks': 'layawayEvery',
  'layaway.graceDays': 'layawayGrace',
  'layaway.feeCents': 'layawayFee',
  supplierConfirmHours: 'supplierHours',
  'cartReminders.firstMinutes': 'remindFirst',
  'cartReminders.secondMinutes': 'remindSecond',
  'dateNotes.daysBefore': 'notesDays',
  'announcement.text': 'announcementText',
  'announcement.href': 'announcementHref',
  'appointments.minutes': 'slotMinutes',
  'appointments.daysAhead': 'daysAhead',
  'appointments.noticeHours': 'noticeHours',
};
const formField = (server: string) =>
  FIELD_OF[server.replace(/^settings\./, '')] ??
  server
    .replace(/^settings\./, '')
    .replace(/^shipping\.(\w+)\.cents$/, 'shipping.$1.price')
    .replace(/^openingHours\.(\d)\.open$/, 'hours.$1.from')
    .replace(/^openingHours\.(\d)\.close$/, 'hours.$1.to')
    .replace(/^openingHours$/, 'hours')
    .replace(/^videoOrigins\.\d+$/, 'videoOrigins')
    .replace(/^zipTaxRates\.(\d+)\.rate$/, 'zip.$1.percent')
    .replace(/^zipTaxRates\.(\d+)\.(\w+)$/, 'zip.$1.$2')
    .replace(/^zipTaxRates$/, 'zip');
/** A path in the settings → this form's field; a state's rate (taxRates.NY) is that state's row. */
const fieldOf = (path: PropertyKey[], v: Values): PropertyKey[] => {
  const joined = path.join('.');
  if (joined === 'taxRates') return ['tax'];
  const state = /^(?:settings\.)?taxRates\.([A-Za-z ]+)$/.exec(joined)?.[1];
  if (state) {
    const row = v.tax.findIndex((r) => r.state === state);
    return row >= 0 ? ['tax', row, 'percent'] : ['tax'];
  }
  return formField(joined).split('.');
};
const schema = checkedByContract(fields, storeSettingsBody, settingsOf, fieldOf);

const TITLES = { standard: 'Standard', express: 'Express', overnight: 'Overnight' } as const;

export function StoreSettingsForm({ answer, onSaved }: { answer: Answer; onSaved: (a: Answer) => void }) {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(answer.settings),
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, formState, setError, reset } = form;
  const tax = useFieldArray({ control, name: 'tax' });
  const zip = useFieldArray({ control, name: 'zip' });
  const { busy, run } = useAdminAction();
  const e = formState.errors;
  // With a carrier pricing each address, the prices and times here are not what shoppers pay.
  const carrierPriced = useRootData()?.facts.shippingPricedBy === 'carrier';

  const save = handleSubmit((v) =>
    run(
      async () => {
        const saved = await adminApi('PUT /settings', { body: { version: answer.version, settings: settingsOf(v) } });
        reset(valuesOf(saved.settings));
        onSaved(saved);
        toast.success('Saved. Every page, total and e-mail says the new values now.');
      },
      (errs) => {
        for (const [field, message] of Object.entries(errs ?? {})) {
          setError(fieldOf(field.split('.'), v).join('.') as keyof Values, { message });
        }
      },
    ),
  );

  return (
    <form method="post" noValidate onSubmit={(ev) => void save(ev)} className="space-y-4">
      <section className="space-y-3 border border-hairline bg-white p-4" aria-labelledby="announcement">
        <h2 id="announcement" className="text-sm font-semibold">
          Announcement
        </h2>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register('announcementOn')} />
          Show a line above every page
        </label>
        <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
          <Field
            label="Text"
            error={e.announcementText}
            hint="Store facts work here too, like {{freeShippingOver}} (the list is under Pages)."
          >
            {(a) => <input {...a} {...register('announcementText')} maxLength={140} className="field py-2" />}
          </Field>
          <Field label="Leads to (optional)" error={e.announcementHref} hint="A page of the store, like /diamonds.">
            {(a) => <input {...a} {...register('announcementHref')} className="field py-2" />}
          </Field>
        </div>
      </section>

      <section className="grid gap-4 border border-hairline bg-white p-4 md:grid-cols-2" aria-labelledby="store">
        <h2 id="store" className="text-sm font-semibold md:col-span-2">
          The store
        </h2>
        <Field label="Name" error={e.name} hint="In every e-mail, page title and the footer.">
          {(a) => <input {...a} {...register('name')} className="field py-2" autoComplete="organization" />}
        </Field>
        <Field label="E-mail" error={e.email} hint="Shoppers write here; order and contact notices go here.">
          {(a) => <input {...a} {...register('email')} type="email" className="field py-2" />}
        </Field>
        <Field label="Phone" error={e.phone}>
          {(a) => <input {...a} {...register('phone')} type="tel" className="field py-2" />}
        </Field>
        <Field label="Address" error={e.address}>
          {(a) => <input {...a} {...register('address')} className="field py-2" />}
        </Field>
      </section>

      <section className="border border-hairline bg-white p-4" aria-labelledby="shipping">
        <h2 id="shipping" className="text-sm font-semibold">
          Shipping
        </h2>
        <p className="mt-1 text-xs text-muted">
          {carrierPriced
            ? 'Every method is insured. A carrier service prices each method and its delivery time for the address at checkout; the names here are what shoppers read.'
            : 'Every method is insured. The delivery time is what shoppers read at checkout and in the shipping policy.'}
        </p>
        <div className="mt-3 grid gap-4 md:grid-cols-3">
          {SHIPPING_METHOD_KEYS.map((k) => (
            <fieldset key={k} className="space-y-3 border border-hairline p-3">
              <legend className="px-1 text-xs font-medium uppercase tracking-wider text-muted">{TITLES[k]}</legend>
              <Field label="Name" error={e.shipping?.[k]?.label}>
                {(a) => <input {...a} {...register(`shipping.${k}.label`)} className="field py-2" />}
              </Field>
              <Field label="Delivery time" error={e.shipping?.[k]?.days}>
                {(a) => <input {...a} {...register(`shipping.${k}.days`)} className="field py-2" />}
              </Field>
              <Field label="Price (USD)" error={e.shipping?.[k]?.price}>
                {(a) => (
                  <input {...a} {...register(`shipping.${k}.price`)} inputMode="decimal" className="field py-2" />
                )}
              </Field>
            </fieldset>
          ))}
        </div>
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          <Field
            label="Free standard shipping over (USD)"
            error={e.freeShipping}
            hint="Orders whose merchandise reaches this ship standard for free."
          >
            {(a) => <input {...a} {...register('freeShipping')} inputMode="decimal" className="field py-2" />}
          </Field>
          <Field
            label="Signature on delivery from (USD)"
            error={e.signatureOver}
            hint="Labels for parcels worth this or more ask for a signature; 0 asks on every parcel."
          >
            {(a) => <input {...a} {...register('signatureOver')} inputMode="decimal" className="field py-2" />}
          </Field>
          <Field
            label="Packed box weight (oz)"
            error={e.parcelOunces}
            hint="Before the pieces (about an ounce each): what the carrier's rates are for."
          >
            {(a) => <input {...a} {...register('parcelOunces')} inputMode="numeric" className="field py-2" />}
          </Field>
        </div>
      </section>

      <section className="grid gap-4 border border-hairline bg-white p-4 md:grid-cols-4" aria-labelledby="promises">
        <h2 id="promises" className="text-sm font-semibold md:col-span-4">
          Made to order and returns
        </h2>
        <Field label="Made to order: from (business days)" error={e.madeFrom}>
          {(a) => <input {...a} {...register('madeFrom')} inputMode="numeric" className="field py-2" />}
        </Field>
        <Field label="to (business days)" error={e.madeTo}>
          {(a) => <input {...a} {...register('madeTo')} inputMode="numeric" className="field py-2" />}
        </Field>
        <Field label="Return window (days)" error={e.returnDays} hint="0: no returns.">
          {(a) => <input {...a} {...register('returnDays')} inputMode="numeric" className="field py-2" />}
        </Field>
        <Field
          label="Free resizing (days after delivery)"
          error={e.freeResizeDays}
          hint="Rings bought here, once. 0: resizing is always charged."
        >
          {(a) => <input {...a} {...register('freeResizeDays')} inputMode="numeric" className="field py-2" />}
        </Field>
        <Field label="Restocking fee (%)" error={e.restocking} hint="On returned made-to-order rings.">
          {(a) => <input {...a} {...register('restocking')} inputMode="numeric" className="field py-2" />}
        </Field>
        <Field
          label="Worked-out prices round"
          error={e.priceRounding}
          hint="Prices from metal weight, a metal price change or a percentage on many variants. Typed prices stay as typed."
        >
          {(a) => (
            <select {...a} {...register('priceRounding')} className="field py-2">
              {ROUNDINGS.map((r) => (
                <option key={r} value={r}>
                  {NEAREST_ROUNDING_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </section>

      <section className="space-y-3 border border-hairline bg-white p-4" aria-labelledby="plans">
        <h2 id="plans" className="text-sm font-semibold">
          Layaway and supplier stones
        </h2>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register('layawayOn')} />
          Offer layaway at checkout
        </label>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="For orders from ($)" error={e.layawayOver}>
            {(a) => <input {...a} {...register('layawayOver')} inputMode="decimal" className="field py-2" />}
          </Field>
          <Field label="Deposit (%)" error={e.layawayDeposit}>
            {(a) => <input {...a} {...register('layawayDeposit')} inputMode="numeric" className="field py-2" />}
          </Field>
          <Field label="Paid over (weeks)" error={e.layawayWeeks}>
            {(a) => <input {...a} {...register('layawayWeeks')} inputMode="numeric" className="field py-2" />}
          </Field>
          <Field label="A payment every (weeks)" error={e.layawayEvery}>
            {(a) => <input {...a} {...register('layawayEvery')} inputMode="numeric" className="field py-2" />}
          </Field>
          <Field label="Grace period (days)" error={e.layawayGrace} hint="An unpaid payment then cancels the order.">
            {(a) => <input {...a} {...register('layawayGrace')} inputMode="numeric" className="field py-2" />}
          </Field>
          <Field
            label="Cancellation fee ($)"
            error={e.layawayFee}
            hint="Kept on a cancelled plan; never more than paid."
          >
            {(a) => <input {...a} {...register('layawayFee')} inputMode="decimal" className="field py-2" />}
          </Field>
          <Field
            label="Confirm supplier stones within (hours)"
            error={e.supplierHours}
            hint="Unconfirmed, the card's authorisation is voided."
          >
            {(a) => <input {...a} {...register('supplierHours')} inputMode="numeric" className="field py-2" />}
          </Field>
        </div>
      </section>

      <section className="space-y-3 border border-hairline bg-white p-4" aria-labelledby="left-carts">
        <h2 id="left-carts" className="text-sm font-semibold">
          Left carts and customers’ dates
        </h2>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register('remindOn')} />
          E-mail a reminder about a left cart (only to shoppers who agreed to our e-mails)
        </label>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="First reminder after (minutes)" error={e.remindFirst} hint="60 is an hour.">
            {(a) => <input {...a} {...register('remindFirst')} inputMode="numeric" className="field py-2" />}
          </Field>
          <Field label="Second reminder after (minutes)" error={e.remindSecond} hint="1440 is a day; 0 for none.">
            {(a) => <input {...a} {...register('remindSecond')} inputMode="numeric" className="field py-2" />}
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register('notesOn')} />
          E-mail a note before a customer’s anniversary or birthday (their words: E-mails)
        </label>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Note this many days before" error={e.notesDays}>
            {(a) => <input {...a} {...register('notesDays')} inputMode="numeric" className="field py-2" />}
          </Field>
        </div>
      </section>

      <section className="border border-hairline bg-white p-4" aria-labelledby="media">
        <h2 id="media" className="text-sm font-semibold">
          Stone videos
        </h2>
        <Field
          label="Video hosts (one a line)"
          error={e.videoOrigins}
          hint="Where suppliers' 360° videos may play from, like https://video.supplier.com. A video from anywhere else is not shown."
        >
          {(a) => <textarea {...a} {...register('videoOrigins')} rows={3} className="field py-2 font-mono text-xs" />}
        </Field>
      </section>

      <section className="border border-hairline bg-white p-4" aria-labelledby="hours">
        <h2 id="hours" className="text-sm font-semibold">
          Opening hours and appointments
        </h2>
        <p className="mt-1 text-xs text-muted">
          Shown on the contact page; appointments are offered inside these hours, on the store’s clock.
        </p>
        {(e.hours?.root?.message ?? e.hours?.message) && (
          <p role="alert" className="mt-2 text-sm text-danger">
            {e.hours?.root?.message ?? e.hours?.message}
          </p>
        )}
        <table className="mt-3 w-full max-w-lg table-fixed text-sm">
          <caption className="sr-only">Opening hours</caption>
          <colgroup>
            <col className="w-[32%]" />
            <col />
            <col />
          </colgroup>
          <thead className="text-left text-xs uppercase tracking-wider text-muted">
            <tr>
              <th scope="col" className="pb-1 pr-2 font-medium">
                Day
              </th>
              <th scope="col" className="pb-1 pr-2 font-medium">
                Opens
              </th>
              <th scope="col" className="pb-1 pr-2 font-medium">
                Closes
              </th>
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((name, i) => (
              <tr key={name} className="align-top">
                <td className="py-1 pr-2">
                  <label className="flex items-center gap-2 py-1.5">
                    <input type="checkbox" {...register(`hours.${i}.open`)} />
                    {name}
                  </label>
                </td>
                <td className="py-1 pr-2">
                  <CellInput
                    label={`${name} opens`}
                    reg={register(`hours.${i}.from`)}
                    error={e.hours?.[i]?.from}
                    type="time"
                    className="min-w-0 px-2 max-sm:[&::-webkit-calendar-picker-indicator]:hidden"
                  />
                </td>
                <td className="py-1">
                  <CellInput
                    label={`${name} closes`}
                    reg={register(`hours.${i}.to`)}
                    error={e.hours?.[i]?.to}
                    type="time"
                    className="min-w-0 px-2 max-sm:[&::-webkit-calendar-picker-indicator]:hidden"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-4 grid max-w-2xl gap-4 md:grid-cols-3">
          <Field label="Appointment length (minutes)" error={e.slotMinutes}>
            {(a) => <input {...a} {...register('slotMinutes')} inputMode="numeric" className="field py-2" />}
          </Field>
          <Field label="Bookable days ahead" error={e.daysAhead}>
            {(a) => <input {...a} {...register('daysAhead')} inputMode="numeric" className="field py-2" />}
          </Field>
          <Field label="Notice needed (hours)" error={e.noticeHours}>
            {(a) => <input {...a} {...register('noticeHours')} inputMode="numeric" className="field py-2" />}
          </Field>
        </div>
      </section>

      <section className="border border-hairline bg-white p-4" aria-labelledby="tax">
        <h2 id="tax" className="text-sm font-semibold">
          Sales tax by state
        </h2>
        <p className="mt-1 text-xs text-muted">
          Charged on the merchandise of orders shipped to the state, to the thousandth of a percent (8.875). One rate a
          state: checkout calls it an estimate for the state. A state not listed is charged none, and checkout says so.
        </p>
        {(e.tax?.root?.message ?? e.tax?.message) && (
          <p role="alert" className="mt-2 text-sm text-danger">
            {e.tax?.root?.message ?? e.tax?.message}
          </p>
        )}
        {/* Above the rows: a refusal shown under a rate as its field loses focus pushes the rows down,
            and a button below them would move away from the pointer mid-click (the click was lost). */}
        <button
          type="button"
          className="btn-secondary mt-3 py-1.5 text-xs"
          onClick={() => tax.append({ state: '', percent: '' })}
        >
          Add a state
        </button>
        <table className="mt-3 w-full max-w-md text-sm">
          <caption className="sr-only">Sales tax rates</caption>
          <thead className="text-left text-xs uppercase tracking-wider text-muted">
            <tr>
              <th scope="col" className="pb-1 pr-2 font-medium">
                State
              </th>
              <th scope="col" className="pb-1 pr-2 font-medium">
                Rate (%)
              </th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tax.fields.map((f, i) => (
              <tr key={f.id} className="align-top">
                <td className="w-48 py-1 pr-2">
                  <CellSelect label={`State ${i + 1}`} reg={register(`tax.${i}.state`)} error={e.tax?.[i]?.state}>
                    <option value="">Choose…</option>
                    {Object.entries(US_STATES).map(([code, name]) => (
                      <option key={code} value={code}>
                        {name} ({code})
                      </option>
                    ))}
                  </CellSelect>
                </td>
                <td className="w-32 py-1 pr-2">
                  <CellInput
                    label={`Rate of state ${i + 1}, in percent`}
                    reg={register(`tax.${i}.percent`)}
                    error={e.tax?.[i]?.percent}
                    inputMode="decimal"
                  />
                </td>
                <td className="py-1">
                  <button
                    type="button"
                    className="px-2 py-1.5 text-sm text-danger underline"
                    onClick={() => tax.remove(i)}
                  >
                    Remove<span className="sr-only"> state {i + 1}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="border border-hairline bg-white p-4" aria-labelledby="zip-tax">
        <h2 id="zip-tax" className="text-sm font-semibold">
          Sales tax by place (ZIP code)
        </h2>
        <p className="mt-1 text-xs text-muted">
          Where a city or county adds its own tax, its rate by the ZIP code’s first 3 digits (or all 5): an order
          shipped there is charged the place’s rate instead of the state’s (the longest ZIP that fits wins). Checkout
          names the place and calls the rate an estimate.
        </p>
        {(e.zip?.root?.message ?? e.zip?.message) && (
          <p role="alert" className="mt-2 text-sm text-danger">
            {e.zip?.root?.message ?? e.zip?.message}
          </p>
        )}
        <button
          type="button"
          className="btn-secondary mt-3 py-1.5 text-xs"
          onClick={() => zip.append({ zip: '', state: '', place: '', percent: '' })}
        >
          Add a place
        </button>
        <table className="mt-3 w-full max-w-3xl text-sm">
          <caption className="sr-only">Sales tax rates by ZIP code</caption>
          <thead className="text-left text-xs uppercase tracking-wider text-muted">
            <tr>
              <th scope="col" className="pb-1 pr-2 font-medium">
                ZIP
              </th>
              <th scope="col" className="pb-1 pr-2 font-medium">
                State
              </th>
              <th scope="col" className="pb-1 pr-2 font-medium">
                Place
              </th>
              <th scope="col" className="pb-1 pr-2 font-medium">
                Rate (%)
              </th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {zip.fields.map((f, i) => (
              <tr key={f.id} className="align-top">
                <td className="w-24 py-1 pr-2">
                  <CellInput
                    label={`ZIP of place ${i + 1}`}
                    reg={register(`zip.${i}.zip`)}
                    error={e.zip?.[i]?.zip}
                    inputMode="numeric"
                  />
                </td>
                <td className="w-44 py-1 pr-2">
                  <CellSelect
                    label={`State of place ${i + 1}`}
                    reg={register(`zip.${i}.state`)}
                    error={e.zip?.[i]?.state}
                  >
                    <option value="">Choose…</option>
                    {Object.entries(US_STATES).map(([code, name]) => (
                      <option key={code} value={code}>
                        {name} ({code})
                      </option>
                    ))}
                  </CellSelect>
                </td>
                <td className="py-1 pr-2">
                  <CellInput
                    label={`Name of place ${i + 1}`}
                    reg={register(`zip.${i}.place`)}
                    error={e.zip?.[i]?.place}
                  />
                </td>
                <td className="w-28 py-1 pr-2">
                  <CellInput
                    label={`Rate of place ${i + 1}, in percent`}
                    reg={register(`zip.${i}.percent`)}
                    error={e.zip?.[i]?.percent}
                    inputMode="decimal"
                  />
                </td>
                <td className="py-1">
                  <button
                    type="button"
                    className="px-2 py-1.5 text-sm text-danger underline"
                    onClick={() => zip.remove(i)}
                  >
                    Remove<span className="sr-only"> place {i + 1}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <div className="flex items-center gap-3">
        <button type="submit" className="btn-primary py-2" disabled={busy}>
          {busy ? 'Saving…' : 'Save settings'}
        </button>
        {formState.isDirty && <span className="text-sm text-muted">Unsaved changes</span>}
      </div>
    </form>
  );
}
