import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, pgView, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { DateKind, RingSizeEntry } from '@facet/contracts/customer-record';
import type { SegmentFilter } from '@facet/contracts/segments';
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

/** What the customer keeps with the store (and staff for them): ring sizes by finger, a partner's name. */
export const customerProfile = pgTable('customer_profile', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => appUser.id, { onDelete: 'cascade' }),
  partnerName: text('partner_name').notNull().default(''),
  ringSizes: jsonb('ring_sizes').$type<RingSizeEntry[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A day of the year the customer keeps (an anniversary, a birthday): found by month and day for notes and segments. */
export const customerDate = pgTable(
  'customer_date',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DateKind>().notNull(),
    month: smallint('month').notNull(),
    day: smallint('day').notNull(),
  },
  (t) => [
    index('customer_date_user_idx').on(t.userId),
    index('customer_date_day_idx').on(t.month, t.day),
    check('customer_date_day', sql`month between 1 and 12 and day between 1 and 31`),
  ],
);

/** A saved filter over customers (who bought what, when; a date coming up; what they spent). */
export const customerSegment = pgTable('customer_segment', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  filter: jsonb('filter').$type<SegmentFilter>().notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// What other modules may read (a note before a date); they write only through this module's face.
export const customerProfileView = pgView('customer_profile_view').as((qb) => qb.select().from(customerProfile));
export const customerDateView = pgView('customer_date_view').as((qb) => qb.select().from(customerDate));
