import { staff } from '../staff/schema.ts';
import { bytea } from '../../db/column-types.ts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ImportReportAnswer, ImportState, ProductImportReportAnswer } from '@facet/contracts/admin-feeds';

/**
 * One supplier feed import (an upload, a CLI call or a scheduled pull) with its progress and, once
 * finished, its report. At most one is queued or running per supplier.
 */
export const importRun = pgTable(
  'import_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierCode: text('supplier_code').notNull(),
    kind: text('kind').$type<'diamonds' | 'products'>().notNull(),
    dryRun: boolean('dry_run').notNull(),
    full: boolean('full').notNull().default(false),
    source: text('source').$type<'upload' | 'cli' | 'pull' | 'mapping'>().notNull(),
    fileName: text('file_name').notNull(),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull().default(0),
    /** The run whose stored file this one reads (an apply after a dry run reads the dry run's). */
    fileRunId: uuid('file_run_id'),
    state: text('state').$type<ImportState>().notNull().default('queued'),
    phase: text('phase'),
    rowsTotal: integer('rows_total'),
    rowsDone: integer('rows_done').notNull().default(0),
    errorsSoFar: integer('errors_so_far').notNull().default(0),
    report: jsonb('report').$type<ImportReportAnswer | ProductImportReportAnswer>(),
    message: text('message'),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Written with every progress write: a running run silent for long has lost its process. */
    beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('import_run_one_live_idx')
      .on(t.supplierCode)
      .where(sql`state in ('uploading', 'queued', 'running')`),
    index('import_run_created_idx').on(t.createdAt),
  ],
);

/** An uploaded feed file in 1 MB pieces, so whichever instance runs the import can read it. */
export const importFileChunk = pgTable(
  'import_file_chunk',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => importRun.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);
