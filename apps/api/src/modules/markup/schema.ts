import { bigint, integer, pgTable, real, serial, text } from 'drizzle-orm/pg-core';

/** Cost → retail for supplier stones: the first rule (by position) matching origin, carat and cost decides. */
export const markupRule = pgTable('markup_rule', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull(),
  origin: text('origin').$type<'natural' | 'lab' | 'product' | 'any'>().notNull(),
  caratMin: integer('carat_min').notNull(),
  caratMax: integer('carat_max').notNull(),
  costMinCents: integer('cost_min_cents').notNull(),
  costMaxCents: bigint('cost_max_cents', { mode: 'number' }).notNull(),
  multiplier: real('multiplier').notNull(),
  rounding: text('rounding').$type<'cent' | 'dollar' | 'end-0' | 'end-9'>().notNull(),
});
