import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  pgView,
} from 'drizzle-orm/pg-core';
import type { Role } from '@facet/contracts/admin';

/** The people who run the store. Separate from customers: their own table, sessions and cookie. */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** Always lower-case. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').$type<Role>().notNull(),
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

/**
 * One-time recovery codes for a member who lost their authenticator: ten made when two-factor is
 * turned on (or made again), kept as keyed hashes (the server's secret key), each spent once.
 */
export const staffRecoveryCode = pgTable(
  'staff_recovery_code',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_code_hash_key').on(t.staffId, t.codeHash)],
);

// What other modules may read of staff: who a member is, never their secrets.
export const staffView = pgView('staff_view').as((qb) =>
  qb.select({ id: staff.id, email: staff.email, name: staff.name }).from(staff),
);
