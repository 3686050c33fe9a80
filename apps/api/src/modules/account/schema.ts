import { boolean, index, integer, pgTable, pgView, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /** Agreed to the store's e-mails: news, a reminder about a left cart, a note before their dates. */
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
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

// What other modules may read of this module's table: views it declares and keeps when its table
// change. Other modules write only through the module's face.
// A customer's name and contact, never the password or tokens.
export const appUserView = pgView('app_user_view').as((qb) =>
  qb
    .select({
      id: appUser.id,
      email: appUser.email,
      firstName: appUser.firstName,
      lastName: appUser.lastName,
      phone: appUser.phone,
      emailVerified: appUser.emailVerified,
      marketingConsent: appUser.marketingConsent,
      createdAt: appUser.createdAt,
    })
    .from(appUser),
);
