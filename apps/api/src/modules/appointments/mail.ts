import { layout, type Rendered, type StoreInfo } from '../mail/index.ts';

// This module's e-mails, in the store's layout (mail/ keeps the layout, the outbox and the transport).

/** What an appointment e-mail says about the booking. */
export interface AppointmentMail {
  when: string;
  kind: 'in_store' | 'video';
  name: string;
  email: string;
  phone: string;
  reason: string;
  note: string;
  itemTitle: string | null;
  itemHref: string | null;
}

export const appointmentMails = {
  appointmentRequested: (store: StoreInfo, a: AppointmentMail, kindLabel: string): Rendered =>
    layout(store, `Your appointment request: ${a.when}`, {
      greeting: `Dear ${a.name},`,
      paragraphs: [
        `Thank you for asking to see us. We have your request for ${a.when}: ${kindLabel.toLowerCase()}, about ${a.reason.toLowerCase()}${a.itemTitle ? ` (${a.itemTitle})` : ''}.`,
        'A jeweller will confirm it by e-mail, usually within a business day. The attached calendar file holds the time until then.',
        `To change or cancel, reply to this e-mail or call ${store.phone}.`,
      ],
    }),
  appointmentNotice: (store: StoreInfo, a: AppointmentMail, kindLabel: string): Rendered =>
    layout(store, `New appointment request: ${a.when}`, {
      paragraphs: [
        `${a.name} (${a.email}${a.phone ? `, ${a.phone}` : ''}) asks for ${a.when}: ${kindLabel.toLowerCase()}, about ${a.reason.toLowerCase()}.`,
        ...(a.itemTitle ? [`To see: ${a.itemTitle}${a.itemHref ? ` (${store.publicUrl}${a.itemHref})` : ''}.`] : []),
        ...(a.note ? [`Their note: ${a.note}`] : []),
        'Confirm or cancel it in the back office, under Appointments.',
      ],
      action: { label: 'Open Appointments', url: `${store.publicUrl}/admin/appointments` },
    }),
  appointmentConfirmed: (store: StoreInfo, a: AppointmentMail, kindLabel: string): Rendered =>
    layout(store, `Confirmed: your appointment on ${a.when}`, {
      greeting: `Dear ${a.name},`,
      paragraphs: [
        `Your appointment is confirmed for ${a.when}: ${kindLabel.toLowerCase()}, about ${a.reason.toLowerCase()}.`,
        a.kind === 'video'
          ? 'We will e-mail the link to the call before the appointment.'
          : `We look forward to welcoming you at ${store.address}.`,
        `The attached calendar file updates the event in your calendar. To change or cancel, reply to this e-mail or call ${store.phone}.`,
      ],
    }),
  appointmentCancelled: (store: StoreInfo, a: AppointmentMail, reason: string): Rendered =>
    layout(store, `Cancelled: your appointment on ${a.when}`, {
      greeting: `Dear ${a.name},`,
      paragraphs: [
        `Your appointment on ${a.when} is cancelled. ${reason}`,
        `We would be glad to find another time: book one at ${store.publicUrl}/book-appointment, reply to this e-mail, or call ${store.phone}.`,
      ],
    }),
};
