import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { APPOINTMENT_KIND_LABELS, type AppointmentKind, type AppointmentStatus } from '@facet/contracts/appointments';
import type { StoreInfo } from '../mail/index.ts';

export interface IcsInput {
  id: number;
  sequence: number;
  startsAt: Date;
  minutes: number;
  kind: AppointmentKind;
  status: AppointmentStatus;
  reason: string;
  itemTitle: string | null;
}

/**
 * The calendar file sent with every appointment e-mail: one event per appointment (the same UID
 * each time, with a higher SEQUENCE), so a calendar updates or cancels the event it already holds.
 */
export function appointmentIcs(
  store: StoreInfo,
  a: IcsInput,
): { filename: string; contentType: string; content: string } {
  const cancelled = a.status === 'cancelled';
  const cal = ical({
    prodId: { company: store.name, product: 'Appointments', language: 'EN' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  cal.createEvent({
    id: `appointment-${a.id}@${new URL(store.publicUrl).hostname}`,
    sequence: a.sequence,
    start: a.startsAt,
    end: new Date(a.startsAt.getTime() + a.minutes * 60_000),
    stamp: new Date(),
    summary: `${store.name}: ${a.reason}${a.kind === 'video' ? ' (video call)' : ''}`,
    description: [
      `${APPOINTMENT_KIND_LABELS[a.kind]} with a ${store.name} jeweller.`,
      a.itemTitle ? `To see: ${a.itemTitle}.` : null,
      a.kind === 'video' ? 'We e-mail the link to the call before the appointment.' : null,
      `Questions or a change of plan: ${store.phone}, ${store.email}.`,
    ]
      .filter(Boolean)
      .join('\n'),
    location: a.kind === 'in_store' ? store.address : 'Video call',
    organizer: { name: store.name, email: store.email },
    status: cancelled
      ? ICalEventStatus.CANCELLED
      : a.status === 'confirmed'
        ? ICalEventStatus.CONFIRMED
        : ICalEventStatus.TENTATIVE,
  });
  return { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8', content: cal.toString() };
}
