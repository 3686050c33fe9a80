import type { z } from 'zod';
import { privatePhoto, withPrivatePhoto, type MediaStore } from '../media-store/index.ts';
import {
  OPEN_TICKET_STATUSES,
  SERVICE_PHOTOS_MAX,
  TICKET_NEXT,
  TICKET_STATUS_LABELS,
  type AdminTicket,
  type approveEstimateBody,
  type CustomerTicket,
  type estimateBody,
  type newTicketBody,
  type ServiceKind,
  type TicketStatus,
} from '@facet/contracts/service-tickets';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { runFlow, type FlowHooks, type Step } from '../../flow.ts';
import { stateMachine } from '../../state-machine.ts';
import { Conflict, NotFound, Unprocessable, Validation } from '../../errors.ts';
import { hashToken, newReference, newToken } from '../../secrets.ts';
import { storeFacts, storeInfo, type SettingsSource } from '../../store-facts.ts';
import { audit, type Actor } from '../audit/index.ts';
import { enqueueMails, type MailOutbox } from '../mail/index.ts';
import { orderAfterSale as orders, takeLinkPayment, type LinkPaymentState } from '../order/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { storeToday } from '../gift-cards/index.ts';
import { ticketRepository as repo, type TicketRow } from './repository.ts';
import type { ProcessedPhoto } from '../media-store/index.ts';
import { ticketMail, type TicketStep } from './mail.ts';

// Service tickets: a piece in the workshop from intake to its return. Staff open and move them;
// the customer approves and pays the estimate from the e-mailed link.

export interface TicketDeps {
  db: Db;
  /** Where the pieces' photographs are kept (with the store's other media files). */
  media: MediaStore;
  config: Config;
  settings: SettingsSource;
  outbox: MailOutbox;
  payments: PaymentProvider;
}

const newNumber = () => newReference('SVC');
const STALE = 'This ticket was changed by someone else — reload to see the change, then try again.';
/** A ticket's statuses and the steps between them (staff's, and the customer's answer to an estimate). */
const TICKETS = stateMachine<TicketStatus>({
  noun: 'ticket',
  labels: TICKET_STATUS_LABELS,
  moves: {
    requested: ['received', 'approved'],
    received: ['estimated'],
    estimated: ['approved', 'declined'],
    approved: ['in_work'],
    in_work: ['ready'],
    ready: ['returned'],
    declined: [],
    returned: [],
  },
  stale: STALE,
});
const DAY_MS = 86_400_000;

/** Tells the customer (and for a new estimate, carries its link) in the same transaction as the step. */
async function tell(deps: TicketDeps, tx: DbOrTx, t: TicketRow, step: TicketStep) {
  const store = storeInfo(deps.settings.current(), deps.config);
  await enqueueMails(tx, [
    { kind: `service-${step.kind}`, to: t.email, ...ticketMail(store, t, step) },
    ...(step.kind === 'approved-by-customer'
      ? [{ kind: 'service-notification', to: store.email, ...ticketMail(store, t, { kind: 'staff-approved' }) }]
      : []),
  ]);
}

/** A ring bought here, delivered within the store's free-resize window, not resized free before. */
async function freeResize(
  deps: TicketDeps,
  tx: DbOrTx,
  kind: ServiceKind,
  line: { id: number; orderId: number } | null,
) {
  if (kind !== 'resize' || !line) return false;
  const days = storeFacts(deps.settings.current(), deps.config).freeResizeDays;
  const [ring, delivered, had] = await Promise.all([
    orders.isRing(tx, line.id),
    orders.deliveredAt(tx, line.orderId),
    repo.hadFreeResize(tx, line.id),
  ]);
  return ring && !had && delivered !== null && Date.now() - delivered.getTime() <= days * DAY_MS;
}

export async function openTicket(deps: TicketDeps, actor: Actor, body: z.output<typeof newTicketBody>) {
  const number = newNumber();
  await deps.db.transaction(async (tx) => {
    let line: Awaited<ReturnType<typeof orders.lines>>[number] | null = null;
    if (body.order) {
      const o = await orders.byNumber(tx, body.order.number);
      if (!o) throw new Validation(`There is no order ${body.order.number}.`, { order: 'Unknown order' });
      line = (await orders.lines(tx, o.id)).find((l) => l.position === body.order!.line) ?? null;
      if (!line) throw new Validation('That piece is not on this order.', { order: 'Unknown piece' });
    }
    const free = await freeResize(deps, tx, body.kind, line);
    const t = await repo.insert(tx, {
      number,
      kind: body.kind,
      status: free ? 'approved' : 'received',
      customerName: body.customer.name,
      email: body.customer.email,
      phone: body.customer.phone,
      piece: body.piece,
      orderLineId: line?.id ?? null,
      targetSize: body.targetSize,
      notes: body.notes,
      dueOn: body.dueOn,
      free,
      estimateCents: free ? 0 : null,
      estimateNote: free ? 'Free resize of a ring bought here' : null,
      createdBy: actor.email,
    });
    await repo.event(tx, t.id, 'received', actor.email);
    if (free) await repo.event(tx, t.id, 'approved', 'free resize');
    await audit(tx, actor, 'service.open', 'service_ticket', number, null, { kind: body.kind, free });
    await tell(deps, tx, t, { kind: 'received' });
  });
  void deps.outbox.kick();
  return ticketForStaff(deps, number);
}

/**
 * Keeps a photograph of the ticket's piece (re-encoded, no metadata), at most SERVICE_PHOTOS_MAX
 * whoever adds them (staff at intake, the customer when asking); the refusal says `tooMany`.
 */
export async function keepTicketPhoto(
  tx: DbOrTx,
  ticketId: number,
  photo: ProcessedPhoto,
  tooMany: string,
  putFiles: (tx: DbOrTx) => Promise<void>,
) {
  if ((await repo.photos(tx, ticketId)).length >= SERVICE_PHOTOS_MAX)
    throw new Unprocessable(tooMany, { photo: 'Too many' });
  await putFiles(tx);
  await repo.addPhoto(tx, { key: photo.key, ticketId, width: photo.width, height: photo.height });
}

/** A photograph of the piece as it came in; staff only. */
export async function addIntakePhoto(deps: TicketDeps, actor: Actor, number: string, photo: ProcessedPhoto) {
  await withPrivatePhoto(deps.media, 'service', photo, (putFiles) =>
    deps.db.transaction(async (tx) => {
      const t = await repo.byNumber(tx, number, true);
      if (!t) throw new NotFound(`There is no ticket ${number}.`);
      await keepTicketPhoto(tx, t.id, photo, `A ticket keeps at most ${SERVICE_PHOTOS_MAX} photographs.`, putFiles);
      await audit(tx, actor, 'service.photo', 'service_ticket', number, null, { key: photo.key });
    }),
  );
  return ticketForStaff(deps, number);
}

export async function intakePhoto(deps: TicketDeps, number: string, file: string) {
  const t = await repo.byNumber(deps.db, number);
  const bytes = t ? await privatePhoto(deps.media, 'service', file, (key) => repo.hasPhoto(deps.db, t.id, key)) : null;
  if (!bytes) throw new NotFound('There is no such photograph.');
  return bytes;
}

export async function listTickets(deps: TicketDeps) {
  const today = storeToday(storeFacts(deps.settings.current(), deps.config).timezone);
  return {
    rows: (await repo.open(deps.db, OPEN_TICKET_STATUSES)).map((t) => ({
      number: t.number,
      kind: t.kind as ServiceKind,
      status: t.status as TicketStatus,
      customer: t.customerName,
      piece: t.piece,
      dueOn: t.dueOn,
      // Late only once the piece is here (a request waits on the customer, with no day set).
      overdue: t.dueOn < today && t.status !== 'ready' && t.status !== 'requested',
    })),
  };
}

export async function ticketForStaff(deps: TicketDeps, number: string): Promise<AdminTicket> {
  const t = await repo.byNumber(deps.db, number);
  if (!t) throw new NotFound(`There is no ticket ${number}.`);
  const [events, line, photos] = await Promise.all([
    repo.events(deps.db, t.id),
    t.orderLineId ? orders.lineById(deps.db, t.orderLineId) : null,
    repo.photos(deps.db, t.id),
  ]);
  return {
    number: t.number,
    version: t.version,
    kind: t.kind as ServiceKind,
    status: t.status as TicketStatus,
    customer: { name: t.customerName, email: t.email, phone: t.phone },
    piece: t.piece,
    order: line ? { number: line.orderNumber, line: line.position, title: line.title } : null,
    targetSize: t.targetSize,
    notes: t.notes,
    dueOn: t.dueOn,
    free: t.free,
    estimateCents: t.estimateCents,
    estimateNote: t.estimateNote,
    paid: t.paidCents !== null ? { cents: t.paidCents, brand: t.cardBrand ?? '', last4: t.cardLast4 ?? '' } : null,
    createdAt: t.createdAt.toISOString(),
    createdBy: t.createdBy,
    history: events.map((e) => ({ at: e.at.toISOString(), status: e.status as TicketStatus, by: e.by })),
    photos: photos.map((p) => ({
      key: p.key,
      width: p.width,
      height: p.height,
      small: `/api/admin/service-tickets/${t.number}/photos/${p.key}-small.webp`,
      large: `/api/admin/service-tickets/${t.number}/photos/${p.key}-large.webp`,
    })),
  };
}

/** Locks the ticket and checks the version the member saw and that the step may take it to `to`. */
async function lockFresh(tx: DbOrTx, number: string, version: number, to: TicketStatus, verb: string) {
  const t = await repo.byNumber(tx, number, true);
  if (!t) throw new NotFound(`There is no ticket ${number}.`);
  TICKETS.fresh(t.version, version);
  TICKETS.check(t.status as TicketStatus, to, `be ${verb}`);
  return t;
}

/** The estimate: the amount and the work, and a link for the customer to approve and pay it. */
export async function sendEstimate(
  deps: TicketDeps,
  actor: Actor,
  number: string,
  body: z.output<typeof estimateBody>,
) {
  await deps.db.transaction(async (tx) => {
    const t = await lockFresh(tx, number, body.version, 'estimated', 'estimated');
    const token = newToken();
    const patch = {
      status: 'estimated' as const,
      estimateCents: body.amountCents,
      estimateNote: body.note,
      dueOn: body.dueOn,
      tokenHash: hashToken(token),
    };
    if (!(await repo.updateIfVersion(tx, t.id, body.version, patch))) throw new Conflict(STALE);
    await repo.event(tx, t.id, 'estimated', actor.email);
    await audit(tx, actor, 'service.estimate', 'service_ticket', number, null, { amountCents: body.amountCents });
    await tell(deps, tx, { ...t, ...patch }, { kind: 'estimated', token });
  });
  void deps.outbox.kick();
  return ticketForStaff(deps, number);
}

/**
 * Received (a piece asked for online came in: on to approved if its resize is free), in work,
 * ready, returned: one step along, each e-mailed.
 */
export async function advanceTicket(deps: TicketDeps, actor: Actor, number: string, version: number, dueOn?: string) {
  await deps.db.transaction(async (tx) => {
    const now = await repo.byNumber(tx, number, true);
    if (!now) throw new NotFound(`There is no ticket ${number}.`);
    const from = now.status as TicketStatus;
    let to = TICKET_NEXT[from];
    if (!to) throw new Conflict(`A ticket that is ${TICKET_STATUS_LABELS[from].toLowerCase()} has no next step here.`);
    const intake = from === 'requested';
    if (intake && !dueOn)
      throw new Validation('Give the day it will be ready: the customer is told it.', { dueOn: 'Choose a day' });
    if (intake && now.free) to = 'approved';
    const t = await lockFresh(tx, number, version, to, 'moved on');
    const patch = intake ? { status: to, dueOn: dueOn! } : { status: to };
    if (!(await repo.updateIfVersion(tx, t.id, version, patch))) throw new Conflict(STALE);
    if (intake) {
      await repo.event(tx, t.id, 'received', actor.email);
      if (now.free) await repo.event(tx, t.id, 'approved', 'free resize');
    } else await repo.event(tx, t.id, to, actor.email);
    await audit(tx, actor, 'service.status', 'service_ticket', number, { status: t.status }, { status: to });
    await tell(deps, tx, { ...t, ...patch }, { kind: intake ? 'received' : (to as 'in_work' | 'ready' | 'returned') });
  });
  void deps.outbox.kick();
  return ticketForStaff(deps, number);
}

/** The ticket as its customer sees it from the estimate's link (anyone else: not found). */
async function forCustomer(db: DbOrTx, number: string, token: string, lock = false) {
  const t = await repo.byNumber(db, number, lock);
  if (!t || !t.tokenHash || hashToken(token) !== t.tokenHash)
    throw new NotFound('There is no such ticket. Use the link in your estimate e-mail.');
  return t;
}
const customerShape = (t: TicketRow): CustomerTicket => ({
  number: t.number,
  kind: t.kind as ServiceKind,
  status: t.status as TicketStatus,
  piece: t.piece,
  estimateCents: t.estimateCents,
  estimateNote: t.estimateNote,
  dueOn: t.dueOn,
  paid: t.paidCents !== null,
  payment: null,
});
export const ticketForCustomer = async (db: Db, number: string, token: string) =>
  customerShape(await forCustomer(db, number, token));

interface EstimateState extends LinkPaymentState {
  deps: TicketDeps;
  t: TicketRow;
  card: z.output<typeof approveEstimateBody>['card'];
  amountCents: number;
  tx?: DbOrTx;
}

/**
 * The customer's approval of an estimate, in one transaction: the payment (given back if any later
 * step fails; nothing to pay, none taken), the ticket approved once (a second click or tab finds it
 * answered), its history, the e-mails.
 */
export const APPROVE_ESTIMATE_STEPS: Array<Step<EstimateState>> = [
  takeLinkPayment<EstimateState>(
    (s) =>
      s.amountCents > 0
        ? {
            amountCents: s.amountCents,
            reference: s.t.number,
            email: s.t.email,
            card: s.card,
            intentRef: s.t.intentRef,
          }
        : null,
    (s, ref) => repo.setIntent(s.tx!, s.t.id, ref),
  ),
  {
    name: 'approve ticket',
    async run(s) {
      const patch = s.paid
        ? {
            status: 'approved' as const,
            paidCents: s.amountCents,
            paymentRef: s.paid.ref,
            cardBrand: s.paid.brand,
            cardLast4: s.paid.last4,
          }
        : { status: 'approved' as const };
      if (!(await repo.updateIfStatus(s.tx!, s.t.id, 'estimated', patch)))
        throw new Conflict('This estimate was already answered.');
      s.t = { ...s.t, ...patch };
    },
  },
  {
    name: 'record history',
    async run(s) {
      await repo.event(s.tx!, s.t.id, 'approved', 'customer');
    },
  },
  {
    name: 'tell customer',
    async run(s) {
      await tell(s.deps, s.tx!, s.t, { kind: 'approved-by-customer' });
    },
  },
];

/**
 * The customer approves the estimate and pays it: by card with the test provider; with Stripe the
 * first ask answers the payment for the browser and the next one checks it with Stripe (nothing to
 * pay: approved as it is). A payment whose approval cannot be written is given back.
 */
export async function approveEstimate(
  deps: TicketDeps,
  number: string,
  body: z.output<typeof approveEstimateBody>,
  hooks?: FlowHooks,
) {
  const t = await forCustomer(deps.db, number, body.token);
  if (t.status !== 'estimated')
    throw new Conflict(`This estimate is already ${TICKET_STATUS_LABELS[t.status as TicketStatus].toLowerCase()}.`);
  const state: EstimateState = { deps, t, card: body.card, amountCents: t.estimateCents ?? 0 };
  await runFlow('approve estimate', APPROVE_ESTIMATE_STEPS, state, hooks, (work) =>
    deps.db.transaction(async (tx) => {
      state.tx = tx;
      await work();
    }),
  ).catch(async (err: unknown) => {
    // The next ask starts a new payment.
    if (state.paid) await repo.setIntent(deps.db, t.id, null);
    throw err;
  });
  if (state.browser) {
    const { clientSecret, publishableKey } = state.browser;
    return { ...customerShape(t), payment: { clientSecret, publishableKey } };
  }
  void deps.outbox.kick();
  return customerShape((await repo.byNumber(deps.db, number))!);
}

export async function declineEstimate(deps: TicketDeps, number: string, token: string) {
  const t = await forCustomer(deps.db, number, token);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.updateIfStatus(tx, t.id, 'estimated', { status: 'declined' })))
      throw new Conflict('This estimate was already answered.');
    await repo.event(tx, t.id, 'declined', 'customer');
    await tell(deps, tx, t, { kind: 'declined' });
  });
  void deps.outbox.kick();
  return customerShape((await repo.byNumber(deps.db, number))!);
}
