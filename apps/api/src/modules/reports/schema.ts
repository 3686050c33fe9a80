import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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
