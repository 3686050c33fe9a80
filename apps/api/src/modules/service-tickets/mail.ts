import { formatMoney } from '@facet/contracts/money';
import { paths } from '@facet/contracts/paths';
import { SERVICE_KIND_LABELS, type ServiceKind } from '@facet/contracts/service-tickets';
import { layout, opening, type Rendered, type StoreInfo } from '../mail/index.ts';

/** What happened to a ticket, as its customer (or, for `staff-approved`, the store) is told. */
export type TicketStep =
  | { kind: 'requested' }
  | { kind: 'staff-requested' }
  | { kind: 'received' }
  | { kind: 'estimated'; token: string }
  | { kind: 'approved-by-customer' }
  | { kind: 'staff-approved' }
  | { kind: 'declined' }
  | { kind: 'in_work' }
  | { kind: 'ready' }
  | { kind: 'returned' };

interface TicketFacts {
  number: string;
  kind: string;
  customerName: string;
  piece: string;
  dueOn: string;
  free: boolean;
  estimateCents: number | null;
  estimateNote: string | null;
  paidCents?: number | null;
  targetSize?: number | null;
}

const dayText = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

export function ticketMail(store: StoreInfo, t: TicketFacts, s: TicketStep): Rendered {
  const what = SERVICE_KIND_LABELS[t.kind as ServiceKind].toLowerCase();
  const greeting = `Hello ${t.customerName.split(' ')[0] ?? ''},`;
  const subject = (s: string) => `${t.number}: ${s}`;
  const reply = 'Reply to this e-mail or call us with any question; quote the ticket number.';
  switch (s.kind) {
    case 'requested':
      return layout(store, subject(`your ${what} request`), {
        greeting,
        paragraphs: [
          `We have your request for the ${what} of your ${t.piece}${t.targetSize ? ` to size ${t.targetSize}` : ''}. Its number is ${t.number}.`,
          `Send the piece to us insured, or bring it in, with the number ${t.number} inside the parcel: ${store.address}.`,
          t.free
            ? 'The resize is free (the first within the store’s window for a ring bought here). We e-mail you when the piece arrives, with the day it will be ready.'
            : 'We e-mail you when the piece arrives, and an estimate to approve before any work starts.',
        ],
        after: [reply],
      });
    case 'staff-requested':
      return layout(store, subject(`${what} asked for online`), {
        paragraphs: [
          `${t.customerName} asked for the ${what} of ${t.piece}${t.targetSize ? ` (to size ${t.targetSize})` : ''}. The ticket waits as requested until the piece comes in.`,
        ],
        action: { label: 'Open the ticket', url: `${store.publicUrl}/admin/service/${t.number}` },
      });
    case 'received': {
      const received = opening(store, 'service-received', {
        firstName: t.customerName.split(' ')[0] ?? '',
        ticketNumber: t.number,
        piece: t.piece,
        work: what,
      });
      return layout(store, received.subject, {
        intro: received.intro,
        paragraphs: [
          t.free
            ? `The resize is free (the first within the store's window for a ring bought here). We expect it ready by ${dayText(t.dueOn)}.`
            : `We will e-mail an estimate for you to approve before any work starts. We expect it ready by ${dayText(t.dueOn)}.`,
        ],
        after: [reply],
      });
    }
    case 'estimated':
      return layout(store, subject(`estimate of ${formatMoney(t.estimateCents ?? 0, { exact: true })}`), {
        greeting,
        paragraphs: [
          `Our estimate for the ${what} of your ${t.piece}: ${formatMoney(t.estimateCents ?? 0, { exact: true })}.`,
          t.estimateNote ?? '',
          `Approve${t.estimateCents ? ' and pay' : ''} it from the link below; work starts once it is approved. Ready by ${dayText(t.dueOn)}.`,
        ].filter(Boolean),
        action: {
          label: 'See and approve the estimate',
          url: `${store.publicUrl}${paths.serviceTicket(t.number, s.token)}`,
        },
        after: [reply],
      });
    case 'approved-by-customer':
      return layout(store, subject('estimate approved'), {
        greeting,
        paragraphs: [
          t.paidCents
            ? `Thank you: you approved the estimate and paid ${formatMoney(t.paidCents, { exact: true })}. Work on your ${t.piece} starts now.`
            : `Thank you: you approved the estimate. Work on your ${t.piece} starts now.`,
        ],
        after: [reply],
      });
    case 'staff-approved':
      return layout(store, subject('estimate approved by the customer'), {
        paragraphs: [`${t.customerName} approved the estimate for the ${what} of ${t.piece}.`],
        action: { label: 'Open the ticket', url: `${store.publicUrl}/admin/service/${t.number}` },
      });
    case 'declined':
      return layout(store, subject('estimate declined'), {
        greeting,
        paragraphs: [`You declined the estimate. Your ${t.piece} is ready to collect as it came in.`],
        after: [reply],
      });
    case 'in_work':
      return layout(store, subject('in the workshop'), {
        greeting,
        paragraphs: [
          `Your ${t.piece} is with our jewellers for its ${what}. We expect it ready by ${dayText(t.dueOn)}.`,
        ],
        after: [reply],
      });
    case 'ready':
      return layout(store, subject('ready to collect'), {
        greeting,
        paragraphs: [
          `Your ${t.piece} is ready. Bring your receipt or ID to collect it, or reply to arrange insured delivery.`,
        ],
        after: [reply],
      });
    case 'returned':
      return layout(store, subject('back with you'), {
        greeting,
        paragraphs: [`Your ${t.piece} is back with you. Thank you for trusting us with it.`],
        after: [reply],
      });
  }
}
