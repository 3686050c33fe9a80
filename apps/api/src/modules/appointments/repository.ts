import { and, asc, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appointment } from './schema.ts';

export type AppointmentRow = typeof appointment.$inferSelect;
export type NewAppointment = typeof appointment.$inferInsert;

export const appointmentRepository = {
  /** Starting times already held (requested or confirmed) in [from, to). */
  taken: async (db: DbOrTx, from: Date, to: Date) =>
    (
      await db
        .select({ startsAt: appointment.startsAt })
        .from(appointment)
        .where(and(gte(appointment.startsAt, from), lt(appointment.startsAt, to), ne(appointment.status, 'cancelled')))
    ).map((r) => r.startsAt.getTime()),

  /** Inserts, or answers null when the slot's unique index refuses it (another booking holds the time). */
  insert: async (db: DbOrTx, row: NewAppointment) =>
    (await db.insert(appointment).values(row).onConflictDoNothing().returning())[0] ?? null,

  /** Upcoming bookings under one address (a cap keeps one person from holding the calendar). */
  upcomingFor: async (db: DbOrTx, email: string, now: Date) =>
    (
      await db
        .select({ id: appointment.id })
        .from(appointment)
        .where(
          and(
            sql`lower(${appointment.email}) = lower(${email})`,
            gte(appointment.startsAt, now),
            ne(appointment.status, 'cancelled'),
          ),
        )
    ).length,

  byId: async (db: DbOrTx, id: number) =>
    (await db.select().from(appointment).where(eq(appointment.id, id)).limit(1))[0] ?? null,

  list: (db: DbOrTx, show: 'upcoming' | 'past' | 'cancelled', now: Date) =>
    db
      .select()
      .from(appointment)
      .where(
        show === 'cancelled'
          ? eq(appointment.status, 'cancelled')
          : and(
              ne(appointment.status, 'cancelled'),
              show === 'upcoming' ? gte(appointment.startsAt, now) : lt(appointment.startsAt, now),
            ),
      )
      .orderBy(show === 'upcoming' ? asc(appointment.startsAt) : desc(appointment.startsAt))
      .limit(500),

  /** Moves a booking on (requested → confirmed, or → cancelled); null when it was not in `from`. */
  setStatus: async (
    db: DbOrTx,
    id: number,
    from: Array<AppointmentRow['status']>,
    to: AppointmentRow['status'],
    cancelReason: string | null = null,
  ) =>
    (
      await db
        .update(appointment)
        .set({ status: to, cancelReason, sequence: sql`${appointment.sequence} + 1` })
        .where(
          and(
            eq(appointment.id, id),
            sql`${appointment.status} in (${sql.join(
              from.map((s) => sql`${s}`),
              sql`, `,
            )})`,
          ),
        )
        .returning()
    )[0] ?? null,
};
