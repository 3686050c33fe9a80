import type { z } from 'zod';
import { withPrivatePhoto } from '../media-store/index.ts';
import {
  SERVICE_KIND_LABELS,
  SERVICE_PHOTOS_MAX,
  type AccountService,
  type OrderService,
  type serviceRequestBody,
  type ServiceKind,
  type TicketStatus,
} from '@facet/contracts/service-tickets';
import type { DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound, Unprocessable, Validation } from '../../errors.ts';
import { newReference } from '../../secrets.ts';
import { storeFacts, storeInfo } from '../../store-facts.ts';
import { enqueueMails } from '../mail/index.ts';
import { orderAfterSale as orders, type OrderRow } from '../order/index.ts';
import { storeToday } from '../gift-cards/index.ts';
import type { ProcessedPhoto } from '../media-store/index.ts';
import { ticketRepository as repo } from './repository.ts';
import { ticketMail } from './mail.ts';
import { keepTicketPhoto, type TicketDeps } from './service.ts';

// A customer asks for a resize or a repair of a piece bought here, from their orders (signed in) or
// the delivery e-mail's link, with photographs, as returns are asked. The ticket waits as
// "requested" until the piece comes in; staff then mark it received and it goes on as any ticket.

type Who = { userId: number | null; token: string | null };
const DAY_MS = 86_400_000;
/** Tickets still with the store or its customer's approval: one at a time per piece. */
const UNDER_WAY: readonly TicketStatus[] = ['requested', 'received', 'estimated', 'approved', 'in_work', 'ready'];

/** Each piece of the order with what may be asked for it now, and why not when nothing may. */
async function serviceableLines(deps: TicketDeps, db: DbOrTx, o: OrderRow) {
  const [lines, deliveredAt, rings] = await Promise.all([
    orders.lines(db, o.id),
    orders.deliveredAt(db, o.id),
    orders.ringsOf(db, o.id),
  ]);
  const tickets = await repo.ofLines(
    db,
    lines.map((l) => l.id),
  );
  const ring = new Map(rings.map((r) => [r.id, r]));
  const days = storeFacts(deps.settings.current(), deps.config).freeResizeDays;
  const inWindow = deliveredAt !== null && Date.now() - deliveredAt.getTime() <= days * DAY_MS;
  const rows = lines.map((l) => {
    const open = tickets.find((t) => t.orderLineId === l.id && UNDER_WAY.includes(t.status as TicketStatus));
    const why =
      o.status === 'cancelled'
        ? 'This order was cancelled.'
        : !deliveredAt
          ? 'Resizes and repairs open once the order is delivered.'
          : l.kind === 'gift-card'
            ? 'A gift card needs no workshop.'
            : l.kind !== 'product' && l.kind !== 'configured'
              ? 'A loose stone is not resized or repaired: ask us about setting it.'
              : open
                ? `Its ${SERVICE_KIND_LABELS[open.kind as ServiceKind].toLowerCase()} is under way (${open.number}, below).`
                : null;
    const r = ring.get(l.id);
    const resizable = !!r && !r.eternity;
    const hadFree = tickets.some((t) => t.orderLineId === l.id && t.free && t.status !== 'declined');
    return { row: l, why, resizable, freeResize: resizable && inWindow && days > 0 && !hadFree };
  });
  return { rows, tickets, lines };
}

export async function serviceOfOrder(deps: TicketDeps, number: string, who: Who): Promise<OrderService> {
  const o = await orders.forCustomer(deps.db, number, who);
  const { rows, tickets, lines } = await serviceableLines(deps, deps.db, o);
  const titleOf = new Map(lines.map((l) => [l.id, l.title]));
  return {
    number: o.number,
    freeResizeDays: storeFacts(deps.settings.current(), deps.config).freeResizeDays,
    lines: rows.map((r) => ({
      line: r.row.position,
      title: r.row.title,
      details: r.row.details,
      image: r.row.image,
      serviceable: r.why === null,
      resizable: r.resizable,
      freeResize: r.freeResize,
      why: r.why,
    })),
    tickets: tickets.map((t) => ({
      number: t.number,
      kind: t.kind as ServiceKind,
      status: t.status as TicketStatus,
      title: titleOf.get(t.orderLineId!) ?? '',
      targetSize: t.targetSize,
      free: t.free,
      estimateCents: t.estimateCents,
      photos: t.photos,
      createdAt: t.createdAt.toISOString(),
    })),
  };
}

/** The customer's request: one piece, checked as the page showed it; e-mailed to them and the store. */
export async function requestService(
  deps: TicketDeps,
  number: string,
  who: Who,
  body: z.output<typeof serviceRequestBody>,
): Promise<OrderService> {
  await orders.forCustomer(deps.db, number, who);
  const settings = deps.settings.current();
  const store = storeInfo(settings, deps.config);
  await deps.db.transaction(async (tx) => {
    // One request at a time per order: a double click does not open two tickets for one piece.
    const o = (await orders.lock(tx, number))!;
    const { rows } = await serviceableLines(deps, tx, o);
    const r = rows.find((x) => x.row.position === body.line);
    if (!r) throw new Validation('That piece is not part of this order.', { line: 'Unknown piece' });
    if (r.why) throw new Unprocessable(`${r.row.title}: ${r.why}`, { line: r.why });
    if (body.kind === 'resize' && !r.resizable)
      throw new Unprocessable(
        r.row.kind === 'product' || r.row.kind === 'configured'
          ? `${r.row.title} cannot be resized (only a ring or band without stones all the way round can be): ask for a repair, or write to us.`
          : `${r.row.title} cannot be resized.`,
        { kind: 'This piece cannot be resized' },
      );
    const free = body.kind === 'resize' && r.freeResize;
    const t = await repo.insert(tx, {
      number: newReference('SVC'),
      kind: body.kind,
      status: 'requested',
      customerName: o.billingAddress?.name || o.shippingAddress?.name || o.email,
      email: o.email,
      phone: o.billingAddress?.phone || o.shippingAddress?.phone || '',
      piece: r.row.title,
      orderLineId: r.row.id,
      targetSize: body.kind === 'resize' ? body.targetSize : null,
      notes: body.note,
      // For the back office's list until the piece comes in; staff set the real date on intake.
      dueOn: storeToday(storeFacts(settings, deps.config).timezone),
      free,
      estimateCents: free ? 0 : null,
      estimateNote: free ? 'Free resize of a ring bought here' : null,
      createdBy: 'customer',
    });
    await repo.event(tx, t.id, 'requested', 'customer');
    await orders.event(tx, {
      orderId: o.id,
      type: 'service',
      visibleToCustomer: true,
      data: { number: t.number, kind: body.kind, status: 'requested' },
    });
    await enqueueMails(tx, [
      { kind: 'service-requested', to: t.email, ...ticketMail(store, t, { kind: 'requested' }) },
      { kind: 'service-notification', to: store.email, ...ticketMail(store, t, { kind: 'staff-requested' }) },
    ]);
  });
  void deps.outbox.kick();
  return serviceOfOrder(deps, number, who);
}

/**
 * A customer's photograph of the piece (what is wrong, the size it is), while the request waits.
 * The order and the ticket are checked before the upload is read: a stranger's file is never decoded.
 */
export async function addRequestPhoto(
  deps: TicketDeps,
  number: string,
  ticket: string,
  who: Who,
  readPhoto: () => Promise<ProcessedPhoto>,
): Promise<OrderService> {
  const o = await orders.forCustomer(deps.db, number, who);
  const ofOrder = async (db: DbOrTx, lock: boolean) => {
    const t = await repo.byNumber(db, ticket, lock);
    const line = t?.orderLineId ? (await orders.lines(db, o.id)).find((l) => l.id === t.orderLineId) : undefined;
    if (!t || !line) throw new NotFound('There is no such request on this order.');
    if (t.status !== 'requested')
      throw new Conflict('Photographs are added while the request waits for the piece; reply to our e-mail with more.');
    return t;
  };
  await ofOrder(deps.db, false);
  const photo = await readPhoto();
  await withPrivatePhoto(deps.media, 'service', photo, (putFiles) =>
    deps.db.transaction(async (tx) => {
      const t = await ofOrder(tx, true);
      await keepTicketPhoto(tx, t.id, photo, `A request takes at most ${SERVICE_PHOTOS_MAX} photographs.`, putFiles);
    }),
  );
  return serviceOfOrder(deps, number, who);
}

/** The customer's resizes and repairs of pieces bought here, the newest first (their account page). */
export async function serviceOfUser(deps: TicketDeps, userId: number): Promise<AccountService> {
  const lines = await orders.linesOfUser(deps.db, userId);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const tickets = await repo.ofLines(
    deps.db,
    lines.map((l) => l.id),
  );
  return {
    tickets: tickets.map((t) => ({
      number: t.number,
      orderNumber: byId.get(t.orderLineId!)!.orderNumber,
      kind: t.kind as ServiceKind,
      status: t.status as TicketStatus,
      title: byId.get(t.orderLineId!)!.title,
      createdAt: t.createdAt.toISOString(),
    })),
  };
}
