import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { appUser } from '../account/schema.ts';
import { staff } from '../staff/schema.ts';

/** What staff know about a customer (sizes, preferences, a call) — never shown to the customer. */
export const customerNote = pgTable(
  'customer_note',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email').notNull(),
    body: text('body').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_note_user_idx').on(t.userId, t.at)],
);
