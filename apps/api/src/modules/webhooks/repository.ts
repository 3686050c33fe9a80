import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { webhookAttempt, webhookDelivery, webhookEndpoint } from './schema.ts';

export type EndpointRow = typeof webhookEndpoint.$inferSelect;
export type DeliveryRow = typeof webhookDelivery.$inferSelect;
export type AttemptRow = typeof webhookAttempt.$inferSelect;

/** A due delivery with what sending it needs. */
export interface DueDelivery {
  id: number;
  eventId: string;
  event: string;
  payload: unknown;
  attempts: number;
  createdAt: Date;
  url: string;
  secretSealed: string;
}

export const webhooksRepository = {
  endpoints: (db: DbOrTx) => db.select().from(webhookEndpoint).orderBy(webhookEndpoint.id),
  endpoint: async (db: DbOrTx, id: number) =>
    (await db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, id)))[0] ?? null,
  insertEndpoint: async (tx: DbOrTx, row: typeof webhookEndpoint.$inferInsert) =>
    (await tx.insert(webhookEndpoint).values(row).returning())[0]!,
  updateEndpoint: async (tx: DbOrTx, id: number, set: Pick<EndpointRow, 'url' | 'events' | 'description' | 'active'>) =>
    (await tx.update(webhookEndpoint).set(set).where(eq(webhookEndpoint.id, id)).returning())[0] ?? null,
  deleteEndpoint: async (tx: DbOrTx, id: number) =>
    (await tx.delete(webhookEndpoint).where(eq(webhookEndpoint.id, id)).returning({ id: webhookEndpoint.id }))
      .length === 1,
  /** Deliveries of the last 7 days by endpoint and state. */
  recentCounts: async (db: DbOrTx) =>
    rowsOf<{ endpointId: number; state: string; n: number }>(
      await db.execute(sql`select endpoint_id as "endpointId", state, count(*)::int as n from webhook_delivery
        where created_at > now() - interval '7 days' group by 1, 2`),
    ),

  insertDelivery: async (tx: DbOrTx, row: typeof webhookDelivery.$inferInsert) =>
    (await tx.insert(webhookDelivery).values(row).returning())[0]!,
  deliveries: (db: DbOrTx, q: { endpoint?: number; state?: DeliveryRow['state']; id?: number; limit: number }) =>
    db
      .select({ d: webhookDelivery, url: webhookEndpoint.url })
      .from(webhookDelivery)
      .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, webhookDelivery.endpointId))
      .where(
        and(
          q.endpoint ? eq(webhookDelivery.endpointId, q.endpoint) : undefined,
          q.state ? eq(webhookDelivery.state, q.state) : undefined,
          q.id ? eq(webhookDelivery.id, q.id) : undefined,
        ),
      )
      .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
      .limit(q.limit),
  attemptsOf: (db: DbOrTx, ids: number[]) =>
    ids.length
      ? db.select().from(webhookAttempt).where(inArray(webhookAttempt.deliveryId, ids)).orderBy(webhookAttempt.at)
      : Promise.resolve([] as AttemptRow[]),

  /**
   * Takes up to `limit` due deliveries for `leaseSeconds`: another instance skips them (skip locked
   * while this runs, the lease after), so one attempt is made by one instance only.
   */
  claimDue: async (tx: DbOrTx, limit: number, leaseSeconds: number, onlyId?: number) =>
    rowsOf<DueDelivery>(
      await tx.execute(sql`
        with due as (
          select d.id from webhook_delivery d
          where d.state = 'pending' and d.next_at <= now() and (d.claimed_until is null or d.claimed_until < now())
            and (${onlyId ?? null}::int is null or d.id = ${onlyId ?? null}::int)
          order by d.next_at limit ${limit} for update skip locked)
        update webhook_delivery d set claimed_until = now() + make_interval(secs => ${leaseSeconds})
        from due, webhook_endpoint e
        where d.id = due.id and e.id = d.endpoint_id
        returning d.id, d.event_id as "eventId", d.event, d.payload, d.attempts, d.created_at as "createdAt",
          e.url, e.secret_sealed as "secretSealed"`),
    ).map((r) => ({ ...r, createdAt: new Date(r.createdAt) })),
  /** What one attempt came to: delivered, tried again at `nextAt`, or given up (`nextAt` null). */
  settle: async (
    tx: DbOrTx,
    id: number,
    outcome: { delivered: boolean; nextAt: Date | null },
    attempt: Omit<typeof webhookAttempt.$inferInsert, 'deliveryId'>,
  ) => {
    await tx.insert(webhookAttempt).values({ ...attempt, deliveryId: id });
    await tx
      .update(webhookDelivery)
      .set({
        attempts: sql`${webhookDelivery.attempts} + 1`,
        claimedUntil: null,
        state: outcome.delivered ? 'delivered' : outcome.nextAt ? 'pending' : 'failed',
        deliveredAt: outcome.delivered ? sql`now()` : null,
        ...(outcome.nextAt ? { nextAt: outcome.nextAt } : {}),
      })
      .where(eq(webhookDelivery.id, id));
  },
  /** Due again now (a replay), keeping its event id. */
  requeue: async (tx: DbOrTx, id: number) =>
    (
      await tx
        .update(webhookDelivery)
        .set({ state: 'pending', nextAt: sql`now()`, claimedUntil: null, createdAt: sql`now()` })
        .where(eq(webhookDelivery.id, id))
        .returning({ id: webhookDelivery.id })
    ).length === 1,
};
