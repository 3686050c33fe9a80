import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appUser } from '../account/schema.ts';

/**
 * A visit to the showroom or a video call. One appointment per starting time: the partial unique
 * index makes a double booking impossible whichever instance takes the two requests.
 */
export const appointment = pgTable(
  'appointment',
  {
    id: serial('id').primaryKey(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    minutes: integer('minutes').notNull(),
    kind: text('kind').$type<'in_store' | 'video'>().notNull(),
    status: text('status').$type<'requested' | 'confirmed' | 'cancelled'>().notNull().default('requested'),
    userId: integer('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    itemTitle: text('item_title'),
    itemHref: text('item_href'),
    cancelReason: text('cancel_reason'),
    /** Bumped at each change the customer is told of, so calendars update the same event. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appointment_slot_key')
      .on(t.startsAt)
      .where(sql`status <> 'cancelled'`),
    index('appointment_starts').on(t.startsAt),
    check('appointment_status', sql`status in ('requested', 'confirmed', 'cancelled')`),
    check('appointment_kind', sql`kind in ('in_store', 'video')`),
  ],
);
