import { getTableColumns } from 'drizzle-orm';
import { boolean, pgTable, pgView, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const newsletterSubscriber = pgTable(
  'newsletter_subscriber',
  {
    email: text('email').primaryKey(),
    confirmed: boolean('confirmed').notNull().default(false),
    tokenHash: text('token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_token_key').on(t.tokenHash)],
);

// What other modules may read of this module's tables: views it declares and keeps when its tables
// change. Other modules write only through the module's face.
// A subscriber without the hash of their confirmation link.
const { tokenHash: _token, ...subscriberReadable } = getTableColumns(newsletterSubscriber);
export const newsletterSubscriberView = pgView('newsletter_subscriber_view').as((qb) =>
  qb.select(subscriberReadable).from(newsletterSubscriber),
);
