import {
  APPOINTMENT_KIND_LABELS,
  SLOT_PAST,
  SLOT_TAKEN,
  type Appointment,
  type SlotsAnswer,
  type bookBody,
} from '@facet/contracts/appointments';
import type { z } from 'zod';
import { zoneShort } from '@facet/contracts/store-facts';
import type { StoreSettings } from '@facet/contracts/store-settings';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { Conflict, NotFound, Unprocessable, Validation } from '../../errors.ts';
import { storeInfo } from '../../store-facts.ts';
import type { AccountDeps } from '../account/index.ts';
import { audit, type Actor } from '../audit/index.ts';
import { priceChoice } from '../cart/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { dateIn, nextDate, slotsOn, weekOf, type WeekHours } from './hours.ts';
import { appointmentIcs } from './ics.ts';
import { appointmentRepository as repo, type AppointmentRow } from './repository.ts';
import { appointmentMails } from './mail.ts';

/** Upcoming appointments one address may hold at once. */
export const PER_PERSON_MAX = 2;
export const BOOKED =
  'Thank you: your appointment is requested. A jeweller will confirm it by e-mail, usually within a business day.';

/** When appointments are offered: the store's hours and booking rules (settings), on its clock. */
export interface AppointmentRules {
  tz: string;
  week: WeekHours;
  /** Length of one appointment, minutes. */
  minutes: number;
  daysAhead: number;
  noticeHours: number;
}
export const appointmentRules = (settings: StoreSettings, config: Config): AppointmentRules => ({
  tz: config.STORE_TIMEZONE,
  week: weekOf(settings.openingHours),
  ...settings.appointments,
});

const fmt = (tz: string, opts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone: tz, ...opts });
export const whenText = (tz: string, at: Date) =>
  `${fmt(tz, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(at)} at ${fmt(tz, { hour: 'numeric', minute: '2-digit' }).format(at)} ${zoneShort(tz, at.getTime())}`;

/** Every bookable slot from today to the end of the booking window, the taken ones left out. */
export async function openSlots(db: Db, rules: AppointmentRules, now = Date.now()): Promise<SlotsAnswer> {
  const { tz, week } = rules;
  const earliest = now + rules.noticeHours * 3_600_000;
  let date = dateIn(tz, now);
  const dates: string[] = [];
  for (let i = 0; i < rules.daysAhead; i++, date = nextDate(date)) dates.push(date);
  const all = dates.map((d) => ({ date: d, starts: slotsOn(week, tz, d, rules.minutes) }));
  const flat = all.flatMap((d) => d.starts);
  const taken = new Set(
    flat.length ? await repo.taken(db, new Date(Math.min(...flat)), new Date(Math.max(...flat) + 1)) : [],
  );
  const time = fmt(tz, { hour: 'numeric', minute: '2-digit' });
  const day = fmt(tz, { weekday: 'short', month: 'short', day: 'numeric' });
  return {
    timezone: tz,
    timezoneLabel: `Times are ${tz.split('/').pop()!.replace(/_/g, ' ')} time (${zoneShort(tz, now)})`,
    minutes: rules.minutes,
    days: all
      .map((d) => ({
        date: d.date,
        label: day.format(new Date(`${d.date}T12:00:00Z`)),
        slots: d.starts
          .filter((s) => s >= earliest && !taken.has(s))
          .map((s) => ({ startsAt: new Date(s).toISOString(), label: time.format(s) })),
      }))
      .filter((d) => d.slots.length > 0),
  };
}

function toDto(config: Config, r: AppointmentRow): Appointment {
  return {
    id: r.id,
    startsAt: r.startsAt.toISOString(),
    when: whenText(config.STORE_TIMEZONE, r.startsAt),
    kind: r.kind,
    status: r.status,
    name: r.name,
    email: r.email,
    phone: r.phone,
    reason: r.reason,
    note: r.note,
    itemTitle: r.itemTitle,
    itemHref: r.itemHref,
    createdAt: r.createdAt.toISOString(),
  };
}

type BookInput = z.output<typeof bookBody>;

/**
 * Books a slot: it must be one the store offers (inside opening hours, the window and the notice),
 * and free. Two shoppers on two instances asking for one time: the unique index lets one in, the
 * other hears the time has gone. Both sides get an e-mail with the calendar file.
 */
export async function book(
  deps: Pick<AccountDeps, 'db' | 'config' | 'settings' | 'outbox'>,
  userId: number | null,
  input: BookInput,
  now = Date.now(),
): Promise<{ message: string; appointment: Appointment }> {
  const { db, config } = deps;
  const at = Date.parse(input.startsAt);
  if (at < now) throw new Validation(SLOT_PAST, { startsAt: SLOT_PAST });
  const rules = appointmentRules(deps.settings.current(), config);
  const { tz } = rules;
  const offered = slotsOn(rules.week, tz, dateIn(tz, at), rules.minutes).includes(at);
  const lastDay = dateIn(tz, now + (rules.daysAhead - 1) * 86_400_000);
  if (!offered || dateIn(tz, at) > lastDay)
    throw new Validation('We do not take appointments at that time. Please choose one of the times shown.', {
      startsAt: 'Please choose one of the times shown',
    });
  if (at < now + rules.noticeHours * 3_600_000)
    throw new Validation(`We need ${rules.noticeHours} hours’ notice to prepare. Please choose a later time.`, {
      startsAt: 'Please choose a later time',
    });
  if ((await repo.upcomingFor(db, input.email, new Date(now))) >= PER_PERSON_MAX)
    throw new Unprocessable(
      `You already have ${PER_PERSON_MAX} appointments booked with us. To change one, reply to its e-mail or call us.`,
    );
  let item: { title: string; href: string | null } | null = null;
  if (input.item) {
    const p = await priceChoice(db, {
      id: 0,
      kind: input.item.kind,
      refId: input.item.id,
      configuration: null,
      lineKey: '',
    });
    if (p.gone === 'missing') throw new NotFound('We could not find the piece you asked to see.');
    item = { title: p.title, href: p.href };
  }
  const store = storeInfo(deps.settings.current(), config);
  const row = await db.transaction(async (tx) => {
    const r = await repo.insert(tx, {
      startsAt: new Date(at),
      minutes: rules.minutes,
      kind: input.kind,
      userId,
      name: input.name,
      email: input.email,
      phone: input.phone,
      reason: input.reason,
      note: input.note,
      itemTitle: item?.title ?? null,
      itemHref: item?.href ?? null,
    });
    if (!r) throw new Conflict(SLOT_TAKEN);
    const dto = toDto(config, r);
    const ics = appointmentIcs(store, { ...r, itemTitle: r.itemTitle });
    await enqueueMail(tx, {
      kind: 'appointment-requested',
      to: r.email,
      ...appointmentMails.appointmentRequested(store, dto, APPOINTMENT_KIND_LABELS[r.kind]),
      attachments: [ics],
    });
    await enqueueMail(tx, {
      kind: 'appointment-notice',
      to: store.email,
      ...appointmentMails.appointmentNotice(store, dto, APPOINTMENT_KIND_LABELS[r.kind]),
      attachments: [ics],
    });
    return r;
  });
  void deps.outbox.kick();
  return { message: BOOKED, appointment: toDto(config, row) };
}

export const listAppointments = async (db: Db, config: Config, show: 'upcoming' | 'past' | 'cancelled') =>
  (await repo.list(db, show, new Date())).map((r) => toDto(config, r));

/** Staff confirm a requested appointment; the customer gets the confirmed calendar event. */
export async function confirmAppointment(
  deps: Pick<AccountDeps, 'db' | 'config' | 'settings' | 'outbox'>,
  actor: Actor,
  id: number,
) {
  return change(deps, actor, id, ['requested'], 'confirmed', null);
}
/** Staff cancel (the customer asked, or the store cannot keep it); the customer is told why, and the event is withdrawn. */
export async function cancelAppointment(
  deps: Pick<AccountDeps, 'db' | 'config' | 'settings' | 'outbox'>,
  actor: Actor,
  id: number,
  reason: string,
) {
  return change(deps, actor, id, ['requested', 'confirmed'], 'cancelled', reason);
}

async function change(
  deps: Pick<AccountDeps, 'db' | 'config' | 'settings' | 'outbox'>,
  actor: Actor,
  id: number,
  from: Array<AppointmentRow['status']>,
  to: 'confirmed' | 'cancelled',
  reason: string | null,
): Promise<Appointment> {
  const { db, config } = deps;
  const store = storeInfo(deps.settings.current(), config);
  const before = await repo.byId(db, id);
  if (!before) throw new NotFound('There is no such appointment.');
  const row = await db.transaction(async (tx) => {
    const r = await repo.setStatus(tx, id, from, to, reason);
    if (!r)
      throw new Conflict(
        to === 'confirmed'
          ? `This appointment is ${before.status}: it cannot be confirmed.`
          : 'This appointment is already cancelled.',
      );
    await audit(
      tx,
      actor,
      `appointment.${to === 'confirmed' ? 'confirm' : 'cancel'}`,
      'appointment',
      id,
      { status: before.status },
      {
        status: to,
        ...(reason ? { reason } : {}),
      },
    );
    const dto = toDto(config, r);
    await enqueueMail(tx, {
      kind: `appointment-${to}`,
      to: r.email,
      ...(to === 'confirmed'
        ? appointmentMails.appointmentConfirmed(store, dto, APPOINTMENT_KIND_LABELS[r.kind])
        : appointmentMails.appointmentCancelled(store, dto, reason!)),
      attachments: [appointmentIcs(store, r)],
    });
    return r;
  });
  void deps.outbox.kick();
  return toDto(config, row);
}
