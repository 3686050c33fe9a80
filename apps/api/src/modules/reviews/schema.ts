import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ReviewStatus } from '@facet/contracts/reviews';
import { appUser } from '../account/schema.ts';

/** A buyer's review of a delivered line: one per line; shown only once approved. */
export const review = pgTable(
  'review',
  {
    id: serial('id').primaryKey(),
    orderLineId: integer('order_line_id').notNull(),
    orderId: integer('order_id').notNull(),
    /** The design reviewed (every metal and size of it shows the review). */
    groupId: integer('group_id').notNull(),
    userId: integer('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** As shown: first name and initial. */
    name: text('name').notNull(),
    stars: smallint('stars').notNull(),
    body: text('body').notNull(),
    /** What they bought, as the order line says it (metal, size). */
    bought: text('bought').notNull(),
    photos: jsonb('photos').$type<Array<{ key: string; width: number; height: number }>>().notNull().default([]),
    status: text('status').$type<ReviewStatus>().notNull().default('pending'),
    answer: text('answer'),
    answeredBy: text('answered_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_line_key').on(t.orderLineId),
    index('review_group_idx').on(t.groupId, t.status, t.createdAt),
    index('review_status_idx').on(t.status, t.createdAt),
    check('review_stars', sql`stars between 1 and 5`),
    check('review_status', sql`status in ('pending', 'approved', 'hidden')`),
  ],
);

/** What listings read: each design's approved reviews, counted and averaged. */
export const reviewSummaryView = pgView('review_summary_view').as((qb) =>
  qb
    .select({
      groupId: review.groupId,
      count: sql<number>`count(*)::int`.as('count'),
      average: sql<number>`round(avg(${review.stars}), 1)::float8`.as('average'),
    })
    .from(review)
    .where(sql`${review.status} = 'approved'`)
    .groupBy(review.groupId),
);
