import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A feed's photograph of a stone, asked for by an import and fetched by a background job: waiting,
 * ready (a stone_photo row), or failed with the reason the import's report gives. One per stone:
 * the latest address the feed gave.
 */
export const stoneMediaFetch = pgTable(
  'stone_media_fetch',
  {
    kind: text('kind').$type<'diamond' | 'gemstone'>().notNull(),
    stoneId: integer('stone_id').notNull(),
    url: text('url').notNull(),
    state: text('state').$type<'waiting' | 'ready' | 'failed'>().notNull(),
    reason: text('reason'),
    /** The import that asked for it (its report lists what failed). */
    runId: text('run_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.stoneId] }),
    index('stone_media_fetch_run_idx').on(t.runId, t.state),
    check('stone_media_fetch_state', sql`state in ('waiting', 'ready', 'failed')`),
  ],
);
