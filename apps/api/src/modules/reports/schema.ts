import {
  bigint,
  bigserial,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * What shoppers searched for, counted per term and store day: no person, address or session is
 * kept, only how often a term was asked and how often it found nothing.
 */
export const searchTermDay = pgTable(
  'search_term_day',
  {
    term: text('term').notNull(),
    day: date('day').notNull(),
    searches: integer('searches').notNull().default(0),
    foundNothing: integer('found_nothing').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.term, t.day] })],
);

/**
 * Days whose sales figures must be worked out again: written by triggers in the same transaction
 * as the change (an order, a line, a refund, what a line is grouped by), one row per UTC day a
 * statement touched, and taken by the next report. Append-only, so a busy checkout never waits
 * for a report that is summing.
 */
export const reportDirtyDay = pgTable('report_dirty_day', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  utcDay: date('utc_day').notNull(),
});

/** In which time zone the rollups' days were counted (one row); another zone counts them all again. */
export const reportRollup = pgTable('report_rollup', {
  id: integer('id').primaryKey().default(1),
  tz: text('tz').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per store day: the orders charged, what they took for shipping and tax, and the refunds given. */
export const reportDay = pgTable('report_day', {
  day: date('day').primaryKey(),
  orders: integer('orders').notNull(),
  shipping: bigint('shipping', { mode: 'number' }).notNull(),
  tax: bigint('tax', { mode: 'number' }).notNull(),
  refunds: bigint('refunds', { mode: 'number' }).notNull(),
});

/**
 * Per store day and grouping (total, category, metal, origin, channel, piece): the sums of the
 * lines sold and of refunds' shares. An order is sold on one day, so its distinct count per day
 * adds up over any range of days; net = gross − sale − code − refunds, margin = costed − cost.
 */
export const reportLineDay = pgTable(
  'report_line_day',
  {
    day: date('day').notNull(),
    dim: text('dim').notNull(),
    key: text('key').notNull(),
    name: text('name'),
    orders: integer('orders').notNull(),
    lines: integer('lines').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    sale: bigint('sale', { mode: 'number' }).notNull(),
    code: bigint('code', { mode: 'number' }).notNull(),
    refunds: bigint('refunds', { mode: 'number' }).notNull(),
    cost: bigint('cost', { mode: 'number' }).notNull(),
    /** Net less refunds of the lines whose cost is known (what margin is measured on). */
    costed: bigint('costed', { mode: 'number' }).notNull(),
    costUnknown: integer('cost_unknown').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dim, t.day, t.key] })],
);

/** Per store day: tax by state, jurisdiction and rate, less what refunds gave back. */
export const reportTaxDay = pgTable(
  'report_tax_day',
  {
    day: date('day').notNull(),
    state: text('state'),
    jurisdiction: text('jurisdiction').notNull(),
    percent: doublePrecision('percent'),
    orders: integer('orders').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('report_tax_day_idx').on(t.day)],
);
