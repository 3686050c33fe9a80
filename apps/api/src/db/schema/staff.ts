import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appUser } from './accounts.ts';

/** The people who run the store. Separate from customers: their own table, sessions and cookie. */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** Always lower-case. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').$type<'owner' | 'manager' | 'fulfilment' | 'support'>().notNull(),
    /** Null until the member sets one through their one-time link. */
    passwordHash: text('password_hash'),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The last 30-second step whose code was accepted: that code, and any older one, is spent. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_email_key').on(t.email)],
);

/**
 * A staff sign-in: SHA-256 of the cookie's random value. It ends at `expires_at` (absolute) or
 * after the idle timeout since `last_seen_at`, whichever comes first.
 */
export const staffSession = pgTable(
  'staff_session',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** False between the password and the second factor, when the member has one. */
    complete: boolean('complete').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_session_token_key').on(t.tokenHash), index('staff_session_staff_idx').on(t.staffId)],
);

/** One-time links to set a password (new member, or a reset the owner sends). */
export const staffToken = pgTable(
  'staff_token',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_token_hash_key').on(t.tokenHash)],
);

/** Store-wide settings the owner changes at run time (e.g. two-factor required for all staff). */
export const storeSetting = pgTable('store_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
