import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const appUser = pgTable(
  'app_user',
  {
    id: serial('id').primaryKey(),
    /** Always lower-case (the contracts lower it). */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Null until the address is proven: registration attempts keep their passwords on their verify tokens. */
    passwordHash: text('password_hash'),
    emailVerified: boolean('email_verified').notNull().default(false),
    pendingEmail: text('pending_email'),
    avatarKey: text('avatar_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_user_email_key').on(t.email)],
);

/** Bearer tokens, stored as SHA-256 of a 256-bit random value; scope decides what each opens. */
export const userToken = pgTable(
  'user_token',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    scope: text('scope').$type<'session' | 'verify' | 'reset'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A verify token is one registration attempt: the password and names chosen with it wait here
     * and become the account's only if this token's holder enters the mailed code
     * (docs/decisions/008-registration-attempts.md).
     */
    pendingPasswordHash: text('pending_password_hash'),
    pendingFirstName: text('pending_first_name'),
    pendingLastName: text('pending_last_name'),
    /** Wrong codes entered with this token when it cannot verify anything (an attempt on a verified address). */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [uniqueIndex('user_token_hash_key').on(t.tokenHash), index('user_token_user_idx').on(t.userId)],
);

/**
 * The live e-mail code of a user (one row per user): hashed, expiring, single use. The failure
 * count survives a resend, so asking for new codes does not buy more guesses.
 */
export const emailCode = pgTable('email_code', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => appUser.id, { onDelete: 'cascade' }),
  /** The address the code was sent to (the account's, or a pending new one). */
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull().default(0),
  firstFailureAt: timestamp('first_failure_at', { withTimezone: true }),
});

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

/**
 * Every e-mail the store sends, written in the same transaction as the change that causes it and
 * delivered afterwards with retries (modules/mail/outbox.ts). Bodies of messages that carry a
 * secret are blanked once delivered over SMTP.
 */
export const outboxMail = pgTable(
  'outbox_mail',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    textBody: text('text_body').notNull(),
    sensitive: boolean('sensitive').notNull().default(false),
    /** Files sent with the message (a calendar invitation), as text. */
    attachments:
      jsonb('attachments').$type<
        Array<{ filename: string; contentType: string; content: string; encoding?: 'base64' }>
      >(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_mail_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null`),
  ],
);

export const contactMessage = pgTable('contact_message', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
