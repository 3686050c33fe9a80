import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, pgView, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appUser } from '../account/schema.ts';

export const address = pgTable(
  'address',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    country: text('country').notNull().default('US'),
    phone: text('phone').notNull(),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('address_user_idx').on(t.userId),
    // At most one default of each kind per user, whatever the code does.
    uniqueIndex('address_default_shipping_key')
      .on(t.userId)
      .where(sql`is_default_shipping`),
    uniqueIndex('address_default_billing_key')
      .on(t.userId)
      .where(sql`is_default_billing`),
  ],
);

// What other modules may read of this module's tables: views it declares and keeps when its tables
// change. Other modules write only through the module's face.
export const addressView = pgView('address_view').as((qb) => qb.select().from(address));
