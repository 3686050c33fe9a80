import { bigserial, index, integer, jsonb, pgTable, pgView, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from '../staff/schema.ts';

/**
 * Every staff write: who, when, what, before → after. Append-only: a trigger (migration) refuses
 * UPDATE and DELETE, whoever asks.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/** The log as others may read it (the owner's export): everything staff did, before and after. */
export const auditLogView = pgView('audit_log_view').as((qb) => qb.select().from(auditLog));
