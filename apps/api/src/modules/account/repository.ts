import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { appUser, emailCode, userToken } from './schema.ts';
export { appUserView } from './schema.ts';

export type UserRow = typeof appUser.$inferSelect;
export type Scope = 'session' | 'verify' | 'reset';
export interface Attempt {
  pendingPasswordHash: string;
  pendingFirstName: string;
  pendingLastName: string;
}

/** The sign-in and forgot-password lookup, prepared once per database (it runs on every such call). */
const byEmailStatement = new WeakMap<Db, ReturnType<typeof prepareByEmail>>();
const prepareByEmail = (db: Db) =>
  db
    .select()
    .from(appUser)
    .where(eq(appUser.email, sql.placeholder('email')))
    .limit(1)
    .prepare('user_by_email');

export const accountRepository = {
  preferences: async (db: DbOrTx, userId: number) =>
    (
      await db.select({ marketing: appUser.marketingConsent }).from(appUser).where(eq(appUser.id, userId)).limit(1)
    )[0] ?? null,
  /** Consent kept with the moment it was given (or withdrawn). */
  setMarketing: (db: DbOrTx, userId: number, marketing: boolean) =>
    db
      .update(appUser)
      .set({ marketingConsent: marketing, marketingConsentAt: sql`now()` })
      .where(eq(appUser.id, userId)),
  userByEmail: async (db: DbOrTx, email: string) =>
    (await db.select().from(appUser).where(eq(appUser.email, email)).limit(1))[0] ?? null,

  /** The same lookup outside a transaction, as a named prepared statement. */
  userByEmailFast: async (db: Db, email: string): Promise<UserRow | null> => {
    let statement = byEmailStatement.get(db);
    if (!statement) byEmailStatement.set(db, (statement = prepareByEmail(db)));
    return ((await statement.execute({ email })) as UserRow[])[0] ?? null;
  },

  userById: async (db: DbOrTx, id: number) =>
    (await db.select().from(appUser).where(eq(appUser.id, id)).limit(1))[0] ?? null,

  /** A new unverified account, or the one a concurrent registration of the same address just made. */
  insertUser: async (
    tx: DbOrTx,
    u: { email: string; firstName: string; lastName: string; passwordHash: string | null },
  ) =>
    (await tx.insert(appUser).values(u).onConflictDoNothing({ target: appUser.email }).returning())[0] ??
    (await tx.select().from(appUser).where(eq(appUser.email, u.email)).limit(1))[0]!,

  updateUser: async (tx: DbOrTx, id: number, patch: Partial<Omit<UserRow, 'id' | 'createdAt'>>) =>
    (
      await tx
        .update(appUser)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(appUser.id, id))
        .returning()
    )[0]!,

  insertToken: async (
    tx: DbOrTx,
    t: { userId: number; tokenHash: string; scope: Scope; expiresAt: Date } & Partial<Attempt>,
  ) => {
    await tx.insert(userToken).values(t);
  },

  /** A live token: not expired, used or revoked. */
  liveToken: async (db: DbOrTx, tokenHash: string) =>
    (
      await db
        .select({ id: userToken.id, userId: userToken.userId, scope: userToken.scope })
        .from(userToken)
        .where(
          and(
            eq(userToken.tokenHash, tokenHash),
            gt(userToken.expiresAt, sql`now()`),
            isNull(userToken.usedAt),
            isNull(userToken.revokedAt),
          ),
        )
        .limit(1)
    )[0] ?? null,

  /** What a registration attempt (a verify token) chose: its password and names. */
  attempt: async (db: DbOrTx, tokenId: number) =>
    (
      await db
        .select({
          pendingPasswordHash: userToken.pendingPasswordHash,
          pendingFirstName: userToken.pendingFirstName,
          pendingLastName: userToken.pendingLastName,
          failures: userToken.failures,
        })
        .from(userToken)
        .where(eq(userToken.id, tokenId))
        .limit(1)
    )[0] ?? null,

  /** The live registration attempts of an unverified account, newest first. */
  liveAttempts: async (db: DbOrTx, userId: number, limit: number) =>
    db
      .select({
        id: userToken.id,
        pendingPasswordHash: userToken.pendingPasswordHash,
        pendingFirstName: userToken.pendingFirstName,
        pendingLastName: userToken.pendingLastName,
      })
      .from(userToken)
      .where(
        and(
          eq(userToken.userId, userId),
          eq(userToken.scope, 'verify'),
          gt(userToken.expiresAt, sql`now()`),
          isNull(userToken.revokedAt),
          isNull(userToken.usedAt),
        ),
      )
      .orderBy(desc(userToken.id))
      .limit(limit),

  /** Keeps the newest `keep` live attempts of an account; older ones stop working. */
  trimAttempts: async (tx: DbOrTx, userId: number, keep: number) => {
    await tx.execute(sql`update user_token set revoked_at = now() where id in (
      select id from user_token where user_id = ${userId} and scope = 'verify' and revoked_at is null order by id desc offset ${keep})`);
  },

  /** Counts a wrong code entered with a token that cannot verify anything; answers the new count. */
  tokenFailure: async (tx: DbOrTx, tokenId: number) =>
    (
      await tx
        .update(userToken)
        .set({ failures: sql`${userToken.failures} + 1` })
        .where(eq(userToken.id, tokenId))
        .returning({ failures: userToken.failures })
    )[0]?.failures ?? 0,

  revokeToken: async (tx: DbOrTx, tokenId: number) => {
    await tx
      .update(userToken)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(userToken.id, tokenId), isNull(userToken.revokedAt)));
  },

  /** Marks a single-use token used; false when another request used it first. */
  useToken: async (tx: DbOrTx, id: number) =>
    (
      await tx
        .update(userToken)
        .set({ usedAt: sql`now()` })
        .where(and(eq(userToken.id, id), isNull(userToken.usedAt)))
        .returning({ id: userToken.id })
    ).length === 1,

  revokeTokens: async (tx: DbOrTx, userId: number, scopes: Scope[]) => {
    await tx
      .update(userToken)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(userToken.userId, userId), inArray(userToken.scope, scopes), isNull(userToken.revokedAt)));
  },

  /** Seconds since the newest token of a scope was issued (reset-mail throttle), or null. */
  secondsSinceToken: async (db: DbOrTx, userId: number, scope: Scope) => {
    const [row] = await db
      .select({ s: sql<number>`extract(epoch from now() - max(${userToken.createdAt}))::float8` })
      .from(userToken)
      .where(and(eq(userToken.userId, userId), eq(userToken.scope, scope)));
    return row?.s ?? null;
  },

  code: async (db: DbOrTx, userId: number) =>
    (
      await db
        .select({
          userId: emailCode.userId,
          email: emailCode.email,
          codeHash: emailCode.codeHash,
          failures: emailCode.failures,
          expired: sql<boolean>`${emailCode.expiresAt} <= now()`,
          sentAgoS: sql<number>`extract(epoch from now() - ${emailCode.sentAt})::float8`,
          lockAgoS: sql<number | null>`extract(epoch from now() - ${emailCode.firstFailureAt})::float8`,
        })
        .from(emailCode)
        .where(eq(emailCode.userId, userId))
        .limit(1)
    )[0] ?? null,

  /** A new code replaces the old one; failures carry over unless the lock window has passed. */
  putCode: async (
    tx: DbOrTx,
    c: { userId: number; email: string; codeHash: string; ttlS: number; resetFailures: boolean },
  ) => {
    const expiresAt = sql`now() + make_interval(secs => ${c.ttlS})`;
    await tx
      .insert(emailCode)
      .values({ userId: c.userId, email: c.email, codeHash: c.codeHash, expiresAt, sentAt: sql`now()`, failures: 0 })
      .onConflictDoUpdate({
        target: emailCode.userId,
        set: {
          email: c.email,
          codeHash: c.codeHash,
          expiresAt,
          sentAt: sql`now()`,
          ...(c.resetFailures ? { failures: 0, firstFailureAt: null } : {}),
        },
      });
  },

  recordFailure: async (tx: DbOrTx, userId: number) =>
    (
      await tx
        .update(emailCode)
        .set({
          failures: sql`${emailCode.failures} + 1`,
          firstFailureAt: sql`coalesce(${emailCode.firstFailureAt}, now())`,
        })
        .where(eq(emailCode.userId, userId))
        .returning({ failures: emailCode.failures })
    )[0]?.failures ?? 0,

  deleteCode: async (tx: DbOrTx, userId: number) => {
    await tx.delete(emailCode).where(eq(emailCode.userId, userId));
  },
};
