import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { serviceEvent, servicePhoto, serviceTicket } from './schema.ts';
import type { TicketStatus } from '@facet/contracts/service-tickets';

export type TicketRow = typeof serviceTicket.$inferSelect;
type Patch = Partial<
  Pick<
    TicketRow,
    | 'status'
    | 'estimateCents'
    | 'estimateNote'
    | 'dueOn'
    | 'tokenHash'
    | 'paidCents'
    | 'paymentRef'
    | 'cardBrand'
    | 'cardLast4'
  >
>;

export const ticketRepository = {
  insert: async (tx: DbOrTx, t: typeof serviceTicket.$inferInsert) =>
    (await tx.insert(serviceTicket).values(t).returning())[0]!,

  byNumber: async (db: DbOrTx, number: string, lock = false) => {
    const q = db.select().from(serviceTicket).where(eq(serviceTicket.number, number)).limit(1);
    return (await (lock ? q.for('update') : q))[0] ?? null;
  },

  /** A staff step, when nobody took another since `version` was read; bumps the version. */
  updateIfVersion: async (tx: DbOrTx, id: number, version: number, patch: Patch) =>
    (
      await tx
        .update(serviceTicket)
        .set({ ...patch, version: sql`${serviceTicket.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(serviceTicket.id, id), eq(serviceTicket.version, version)))
        .returning({ id: serviceTicket.id })
    ).length === 1,

  /** Records the browser payment started for the estimate (nothing else changes). */
  setIntent: (tx: DbOrTx, id: number, ref: string | null) =>
    tx.update(serviceTicket).set({ intentRef: ref }).where(eq(serviceTicket.id, id)),

  /** The customer's step (approve, decline): only from the status the e-mail was sent in. */
  updateIfStatus: async (tx: DbOrTx, id: number, status: TicketStatus, patch: Patch) =>
    (
      await tx
        .update(serviceTicket)
        .set({ ...patch, version: sql`${serviceTicket.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(serviceTicket.id, id), eq(serviceTicket.status, status)))
        .returning({ id: serviceTicket.id })
    ).length === 1,

  event: (tx: DbOrTx, ticketId: number, status: TicketStatus, by: string) =>
    tx.insert(serviceEvent).values({ ticketId, status, by }),
  events: (db: DbOrTx, ticketId: number) =>
    db
      .select()
      .from(serviceEvent)
      .where(eq(serviceEvent.ticketId, ticketId))
      .orderBy(asc(serviceEvent.at), asc(serviceEvent.id)),

  /** Open tickets, the soonest due first. */
  open: async (db: DbOrTx, statuses: readonly TicketStatus[]) =>
    db
      .select()
      .from(serviceTicket)
      .where(
        sql`${serviceTicket.status} in (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      )
      .orderBy(asc(serviceTicket.dueOn), asc(serviceTicket.id))
      .limit(500),

  addPhoto: (tx: DbOrTx, p: typeof servicePhoto.$inferInsert) => tx.insert(servicePhoto).values(p),
  photos: (db: DbOrTx, ticketId: number) =>
    db
      .select({ key: servicePhoto.key, width: servicePhoto.width, height: servicePhoto.height })
      .from(servicePhoto)
      .where(eq(servicePhoto.ticketId, ticketId))
      .orderBy(asc(servicePhoto.createdAt), asc(servicePhoto.key)),
  /** Whether the photograph is this ticket's (its files are only ever served through it). */
  hasPhoto: async (db: DbOrTx, ticketId: number, key: string) =>
    (
      await db
        .select({ key: servicePhoto.key })
        .from(servicePhoto)
        .where(and(eq(servicePhoto.ticketId, ticketId), eq(servicePhoto.key, key)))
        .limit(1)
    ).length > 0,

  /** The tickets of these order lines (an order's pieces), the newest first, with their photographs counted. */
  ofLines: async (db: DbOrTx, lineIds: number[]) =>
    lineIds.length
      ? db
          .select({
            id: serviceTicket.id,
            number: serviceTicket.number,
            kind: serviceTicket.kind,
            status: serviceTicket.status,
            orderLineId: serviceTicket.orderLineId,
            targetSize: serviceTicket.targetSize,
            free: serviceTicket.free,
            estimateCents: serviceTicket.estimateCents,
            createdAt: serviceTicket.createdAt,
            photos: sql<number>`(select count(*)::int from service_photo p where p.ticket_id = ${serviceTicket.id})`,
          })
          .from(serviceTicket)
          .where(inArray(serviceTicket.orderLineId, lineIds))
          .orderBy(desc(serviceTicket.createdAt), desc(serviceTicket.id))
      : Promise.resolve([]),

  /** Whether a piece bought here already had its free resize (a ticket not declined). */
  hadFreeResize: async (db: DbOrTx, orderLineId: number) =>
    rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from service_ticket
        where order_line_id = ${orderLineId} and free and status <> 'declined'`),
    )[0]!.n > 0,
};
