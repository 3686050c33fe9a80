import { z } from 'zod';
import { emailField, optionalPhoneField } from './account.ts';

// Appointments with the store's jewellers: in the showroom or by video, in slots cut from the
// opening hours. The server offers the slots; a booking names one of them.

export const APPOINTMENT_KINDS = ['in_store', 'video'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];
export const APPOINTMENT_KIND_LABELS: Record<AppointmentKind, string> = {
  in_store: 'In our showroom',
  video: 'Video call',
};
export const APPOINTMENT_REASONS = [
  'Engagement ring',
  'Wedding bands',
  'Loose diamonds',
  'Gemstones',
  'Custom design',
  'Resizing or repair',
  'Something else',
] as const;
export const APPOINTMENT_STATUSES = ['requested', 'confirmed', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const SLOT_TAKEN = 'That time has just been booked by someone else. Please choose another.';
export const SLOT_PAST = 'That time has passed. Please choose a later one.';

const trimmed = () => z.string().trim();
const kindId = z.number().int().positive().max(2_147_483_647);

export const slotSchema = z.object({ startsAt: z.string(), label: z.string() });
export const slotDaySchema = z.object({ date: z.string(), label: z.string(), slots: z.array(slotSchema) });
export const slotsAnswer = z.object({
  timezone: z.string(),
  /** "Times are New York time (ET)": how the page says which clock the slots are on. */
  timezoneLabel: z.string(),
  minutes: z.number().int(),
  days: z.array(slotDaySchema),
});
export type SlotsAnswer = z.infer<typeof slotsAnswer>;

export const bookBody = z
  .object({
    startsAt: z.iso.datetime({ message: 'Please choose a time' }),
    kind: z.enum(APPOINTMENT_KINDS, { message: 'Please choose in the showroom or by video' }),
    name: trimmed().min(2, 'Please enter your name').max(100, 'Please enter your name'),
    email: emailField,
    phone: optionalPhoneField,
    reason: z.enum(APPOINTMENT_REASONS, { message: 'Please choose what you would like to see' }),
    note: trimmed().max(500, 'Please keep the note under 500 characters').optional().default(''),
    /** The piece or stone of interest, if the shopper came from its page. */
    item: z
      .object({ kind: z.enum(['product', 'diamond', 'gemstone']), id: kindId })
      .strict()
      .optional(),
  })
  .strict();

export const appointmentSchema = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  /** "Tuesday, December 1, 2026 at 11:00 AM ET" */
  when: z.string(),
  kind: z.enum(APPOINTMENT_KINDS),
  status: z.enum(APPOINTMENT_STATUSES),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  reason: z.string(),
  note: z.string(),
  itemTitle: z.string().nullable(),
  itemHref: z.string().nullable(),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const bookAnswer = z.object({ message: z.string(), appointment: appointmentSchema });

export const adminAppointmentsQuery = z
  .object({
    show: z.enum(['upcoming', 'past', 'cancelled']).default('upcoming'),
  })
  .strict();
export const cancelAppointmentBody = z
  .object({ reason: trimmed().min(2, 'Say why, for the customer').max(300) })
  .strict();
