import { z } from 'zod';
import { US_STATES } from './account.ts';
import { isStorePath } from './patterns.ts';
import { ROUNDINGS } from './money.ts';

// The store's settings as the owner edits them in the back office: who the store is, how it ships
// and what it costs, how long made-to-order pieces take, the return window and sales tax by state.
// Every page, e-mail and total reads them from here (store facts are derived from them); the
// environment variables of the same names only fill them on the store's first start.

const text = (max: number, what: string) =>
  z.string().trim().min(1, `Write the ${what}`).max(max, `At most ${max} characters`);
const cents = (what: string) =>
  z
    .number({ error: `Give ${what} in cents` })
    .int(`Give ${what} in whole cents`)
    .min(0, `${what[0]!.toUpperCase()}${what.slice(1)} cannot be negative`)
    .max(10_000_000, `${what[0]!.toUpperCase()}${what.slice(1)} is at most $100,000`);

const shippingMethod = z
  .object({
    label: text(40, 'name of the method'),
    days: text(40, 'delivery time'),
    cents: cents('the price'),
  })
  .strict();

export const SHIPPING_METHOD_KEYS = ['standard', 'express', 'overnight'] as const;
/** The week as opening hours list it, Sunday first (as JavaScript's getDay). */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time like 10:00 or 18:30');
/** One day's hours in the store's time zone, or null: closed. */
const dayHours = z.object({ open: clock, close: clock }).strict().nullable();
export const US_STATE = /^[A-Z]{2}$/;

/** A video host's origin: https (or http for a machine on this network), a host name, maybe a port. */
export const VIDEO_ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/;

/**
 * Rates of places inside a state, by the first 3 or all 5 digits of the ZIP code, in thousandths of
 * a percent (Buffalo, "142", 8750): an address there is charged the place's rate, not the state's.
 */
export const zipTaxRatesField = z
  .array(
    z
      .object({
        zip: z
          .string()
          .trim()
          .regex(/^\d{3}(\d{2})?$/, 'The first 3 digits of the ZIP code, or all 5'),
        state: z.string().refine((k) => US_STATE.test(k) && k in US_STATES, 'Choose the state'),
        place: z.string().trim().min(2, 'Name the place, like Buffalo').max(60, 'At most 60 characters'),
        rate: z.number().int().min(0, 'A rate cannot be negative').max(20_000, 'A rate is at most 20 %'),
      })
      .strict(),
  )
  .max(500, 'At most 500 places')
  .default([])
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      if (seen.has(r.zip)) ctx.addIssue({ code: 'custom', path: [i, 'zip'], message: `ZIP ${r.zip} is listed twice` });
      seen.add(r.zip);
    });
  });

const storeSettingsFields = z
  .object({
    store: z
      .object({
        name: text(80, 'store name'),
        email: z.email('An e-mail address, like hello@yourstore.com').max(254),
        phone: text(40, 'phone number'),
        address: text(200, 'address'),
      })
      .strict(),
    shipping: z.object({ standard: shippingMethod, express: shippingMethod, overnight: shippingMethod }).strict(),
    /** Orders at or above this subtotal ship standard for free. */
    freeShippingOverCents: cents('the free-shipping threshold'),
    /** Labels bought from the carrier: signed for on delivery at or above this value (0: always). */
    signatureOverCents: cents('the signature threshold').default(0),
    /** The packed box's weight in ounces before the pieces in it (each adds an ounce): the carrier's rates. */
    parcelOunces: z
      .number()
      .int('Whole ounces')
      .min(1, 'At least 1 ounce')
      .max(1_000, 'At most 1,000 ounces')
      .default(12),
    /** Business days to make a made-to-order piece before it ships. */
    madeToOrderDays: z
      .object({
        from: z.number().int().min(1, 'At least 1 business day').max(120, 'At most 120 business days'),
        to: z.number().int().min(1, 'At least 1 business day').max(120, 'At most 120 business days'),
      })
      .strict(),
    /** Days after delivery within which unworn pieces may be returned (0: no returns). */
    returnDays: z.number().int().min(0, 'Cannot be negative').max(365, 'At most 365 days'),
    /** Days after delivery within which a ring bought here is resized free, once (0: never free). */
    freeResizeDays: z.number().int().min(0, 'Cannot be negative').max(365, 'At most 365 days'),
    /**
     * Where stones' 360° videos may play from (a supplier's player or files), as origins like
     * https://v360.example: a video elsewhere is not shown, and the page's policy lets in only these.
     */
    videoOrigins: z
      .array(z.string().trim().toLowerCase().regex(VIDEO_ORIGIN, 'An origin, like https://video.supplier.com'))
      .max(20, 'At most 20 video hosts')
      .default([]),
    /**
     * How a price the store works out for a piece ends (from metal weight and today's rate, a metal
     * price change, a percentage on many variants): no odd cents that nobody typed.
     */
    priceRounding: z.enum(ROUNDINGS).default('dollar'),
    /** Restocking fee, in percent, on returned made-to-order rings. */
    restockingPercent: z.number().int().min(0, 'Cannot be negative').max(100, 'At most 100 %'),
    /** When the store is open (and jewellers take appointments), Sunday first. */
    openingHours: z.tuple([dayHours, dayHours, dayHours, dayHours, dayHours, dayHours, dayHours]),
    appointments: z
      .object({
        /** Length of one appointment. */
        minutes: z.number().int().min(15, 'At least 15 minutes').max(240, 'At most 4 hours'),
        /** How far ahead shoppers may book. */
        daysAhead: z.number().int().min(1, 'At least 1 day').max(90, 'At most 90 days'),
        /** The shortest notice the store needs. */
        noticeHours: z.number().int().min(0, 'Cannot be negative').max(72, 'At most 72 hours'),
      })
      .strict(),
    /** A line above every page (a sale, a holiday closing); store facts may be placeholders in it. */
    announcement: z
      .object({
        on: z.boolean(),
        text: z.string().trim().max(140, 'At most 140 characters'),
        /** Where it leads: a page of the store, or nowhere. */
        href: z
          .string()
          .trim()
          .max(200)
          .refine((h) => h === '' || isStorePath(h), 'A page of this store, like /diamonds — or leave it empty'),
      })
      .strict(),
    /**
     * Sales tax by state in thousandths of a percent (New York City's 8.875 % = 8875), on the
     * merchandise; a state not listed is charged none, and checkout says so.
     */
    taxRates: z
      .record(z.string(), z.number().int().min(0, 'A rate cannot be negative').max(20_000, 'A rate is at most 20 %'))
      .superRefine((r, ctx) => {
        const states = Object.keys(r);
        if (states.length > 60) ctx.addIssue({ code: 'custom', message: 'At most 60 states' });
        for (const k of states)
          if (!US_STATE.test(k) || !(k in US_STATES))
            ctx.addIssue({ code: 'custom', path: [k], message: `“${k}”: choose a state from the list` });
      }),
    zipTaxRates: zipTaxRatesField,
    /**
     * Layaway: an order at or above `overCents` may be paid as a deposit now and the rest in equal
     * instalments every `everyWeeks` weeks over `weeks`; an instalment unpaid `graceDays` after it
     * was due cancels the order, the store keeping `feeCents` (never more than was paid).
     */
    layaway: z
      .object({
        on: z.boolean(),
        overCents: cents('the layaway threshold'),
        depositPercent: z.number().int().min(5, 'At least 5 %').max(90, 'At most 90 %'),
        weeks: z.number().int().min(2, 'At least 2 weeks').max(52, 'At most 52 weeks'),
        everyWeeks: z.number().int().min(1, 'At least every week').max(8, 'At most every 8 weeks'),
        graceDays: z.number().int().min(1, 'At least 1 day').max(60, 'At most 60 days'),
        feeCents: cents('the cancellation fee'),
      })
      .strict()
      .default({
        on: true,
        overCents: 100_000,
        depositPercent: 20,
        weeks: 12,
        everyWeeks: 2,
        graceDays: 14,
        feeCents: 5_000,
      }),
    /** Hours staff have to confirm a supplier's stone with its supplier before the card's authorisation is voided. */
    supplierConfirmHours: z.number().int().min(4, 'At least 4 hours').max(120, 'At most 120 hours').default(48),
    /**
     * Left carts: a cart with a known e-mail and the shopper's consent, untouched for `firstMinutes`,
     * gets one reminder, and a second at `secondMinutes` (0: none); never more than two.
     */
    cartReminders: z
      .object({
        on: z.boolean(),
        firstMinutes: z.number().int().min(1, 'At least 1 minute').max(43_200, 'At most 30 days'),
        secondMinutes: z.number().int().min(0).max(43_200, 'At most 30 days'),
      })
      .strict()
      .default({ on: true, firstMinutes: 60, secondMinutes: 1440 }),
    /** A note `daysBefore` a customer's anniversary or birthday (their words: E-mails → "A note before a date"). */
    dateNotes: z
      .object({
        on: z.boolean(),
        daysBefore: z.number().int().min(1, 'At least 1 day').max(60, 'At most 60 days'),
      })
      .strict()
      .default({ on: true, daysBefore: 14 }),
  })
  .strict();
export const storeSettingsBody = storeSettingsFields.superRefine((s, ctx) => {
  s.openingHours.forEach((h, day) => {
    if (h && h.close <= h.open)
      ctx.addIssue({
        code: 'custom',
        path: ['openingHours', day, 'close'],
        message: `${WEEKDAYS[day]} closes before it opens`,
      });
  });
  if (s.openingHours.every((h) => h === null))
    ctx.addIssue({ code: 'custom', path: ['openingHours'], message: 'Open at least one day of the week' });
  if (s.announcement.on && !s.announcement.text)
    ctx.addIssue({ code: 'custom', path: ['announcement', 'text'], message: 'Write the announcement, or turn it off' });
  if (s.layaway.weeks < s.layaway.everyWeeks)
    ctx.addIssue({
      code: 'custom',
      path: ['layaway', 'weeks'],
      message: 'The plan is shorter than one instalment',
    });
  if (s.cartReminders.secondMinutes !== 0 && s.cartReminders.secondMinutes <= s.cartReminders.firstMinutes)
    ctx.addIssue({
      code: 'custom',
      path: ['cartReminders', 'secondMinutes'],
      message: 'The second reminder comes after the first (or 0 for none)',
    });
  if (s.madeToOrderDays.from > s.madeToOrderDays.to)
    ctx.addIssue({
      code: 'custom',
      path: ['madeToOrderDays', 'to'],
      message: 'The longest time cannot be shorter than the shortest',
    });
  // Dearer methods are faster: a price that goes down with speed is a typo of cents for dollars.
  const [a, b, c] = SHIPPING_METHOD_KEYS.map((k) => s.shipping[k].cents) as [number, number, number];
  if (b < a)
    ctx.addIssue({
      code: 'custom',
      path: ['shipping', 'express', 'cents'],
      message: 'Express costs less than standard',
    });
  if (c < b)
    ctx.addIssue({
      code: 'custom',
      path: ['shipping', 'overnight', 'cents'],
      message: 'Overnight costs less than express',
    });
});
export type StoreSettings = z.infer<typeof storeSettingsBody>;

/** PUT /api/admin/settings: the settings and the version they were read at (a change in between is refused). */
export const storeSettingsUpdate = z.object({ version: z.number().int().min(0), settings: storeSettingsBody }).strict();

/** GET /api/admin/settings: the settings now, their version, and who changed them last. */
export const storeSettingsAnswer = z.object({
  version: z.number().int(),
  settings: storeSettingsFields,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type StoreSettingsAnswer = z.infer<typeof storeSettingsAnswer>;

export type OpeningHours = StoreSettings['openingHours'];
const SPEC_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** "Mon-Fri 10:00-18:00; Sat 10:00-16:00" (the first-start variable) → the week, days not named closed. */
export function openingHoursFromSpec(spec: string): OpeningHours {
  const week: Array<{ open: string; close: string } | null> = Array.from({ length: 7 }, () => null);
  for (const part of spec
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\w{3})(?:-(\w{3}))? (\d\d:\d\d)-(\d\d:\d\d)$/.exec(part);
    const from = m ? SPEC_DAYS.indexOf(m[1]!) : -1;
    const to = m?.[2] ? SPEC_DAYS.indexOf(m[2]) : from;
    if (!m || from < 0 || to < 0 || m[4]! <= m[3]!) throw new Error(`opening hours: cannot read "${part}"`);
    for (let d = from; ; d = (d + 1) % 7) {
      week[d] = { open: m[3]!, close: m[4]! };
      if (d === to) break;
    }
  }
  return week as OpeningHours;
}
