import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staff, staffRecoveryCode, staffSession, staffToken } from './schema.ts';
export { staffView } from './schema.ts';
import { storeValues } from '../store-values/index.ts';

export type StaffRow = typeof staff.$inferSelect;

export const staffRepository = {
  byEmail: async (db: DbOrTx, email: string) =>
    (await db.select().from(staff).where(eq(staff.email, email)).limit(1))[0] ?? null,
  byId: async (db: DbOrTx, id: number) => (await db.select().from(staff).where(eq(staff.id, id)).limit(1))[0] ?? null,
  count: async (db: DbOrTx) => (await db.select({ n: sql<number>`count(*)::int` }).from(staff))[0]!.n,
  list: (db: DbOrTx) => db.select().from(staff).orderBy(asc(staff.email)),
  insert: async (
    db: DbOrTx,
    row: { email: string; name: string; role: StaffRow['role']; passwordHash: string | null },
  ) => (await db.insert(staff).values(row).returning())[0]!,
  setPassword: (db: DbOrTx, id: number, passwordHash: string) =>
    db.update(staff).set({ passwordHash }).where(eq(staff.id, id)),
  withTotpSecret: (db: DbOrTx) =>
    db
      .select({ id: staff.id, totpSecret: staff.totpSecret })
      .from(staff)
      .where(sql`${staff.totpSecret} is not null`) as Promise<Array<{ id: number; totpSecret: string }>>,
  /** Only if it is still `was` (another instance may have sealed it meanwhile). */
  replaceTotpSecret: (db: DbOrTx, id: number, was: string, now: string) =>
    db
      .update(staff)
      .set({ totpSecret: now })
      .where(and(eq(staff.id, id), eq(staff.totpSecret, was))),
  setTotp: (db: DbOrTx, id: number, totpSecret: string | null, totpEnabled: boolean) =>
    db.update(staff).set({ totpSecret, totpEnabled, totpLastStep: null }).where(eq(staff.id, id)),
  /**
   * Spends a code's time step: true when it is later than the member's last accepted one. One
   * conditional write, so two instances given the same code cannot both accept it.
   */
  spendTotpStep: async (db: DbOrTx, id: number, step: number) =>
    (
      await db
        .update(staff)
        .set({ totpLastStep: step })
        .where(and(eq(staff.id, id), sql`(${staff.totpLastStep} is null or ${staff.totpLastStep} < ${step})`))
        .returning({ id: staff.id })
    ).length === 1,

  insertSession: async (db: DbOrTx, row: { staffId: number; tokenHash: string; complete: boolean; expiresAt: Date }) =>
    (await db.insert(staffSession).values(row).returning({ id: staffSession.id }))[0]!.id,
  /**
   * The live session for a cookie, its member and whether the store requires two-factor sign-in,
   * in one read: alive when not revoked, before its absolute end and within the idle timeout of
   * its last use. Every back-office request makes it, so it writes nothing (see `touchSession`).
   */
  liveSession: async (db: DbOrTx, tokenHash: string, idleMs: number, requireTotpKey: string) => {
    const [row] = await db
      .select({
        session: staffSession,
        member: staff,
        requireTotp: sql<boolean>`coalesce(${storeValues.valueSql(requireTotpKey)} = 'true'::jsonb, false)`,
      })
      .from(staffSession)
      .innerJoin(staff, eq(staff.id, staffSession.staffId))
      .where(
        and(
          eq(staffSession.tokenHash, tokenHash),
          isNull(staffSession.revokedAt),
          gt(staffSession.expiresAt, sql`now()`),
          gt(staffSession.lastSeenAt, sql`now() - ${`${Math.round(idleMs / 1000)} seconds`}::interval`),
        ),
      )
      .limit(1);
    return row ?? null;
  },
  /** Marks the session used now; callers do it at most once a `everyMs`, so parallel requests do not queue on the row. */
  touchSession: (db: DbOrTx, id: number, everyMs: number) =>
    db
      .update(staffSession)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(
          eq(staffSession.id, id),
          sql`${staffSession.lastSeenAt} < now() - ${`${Math.round(everyMs / 1000)} seconds`}::interval`,
        ),
      ),
  completeSession: (db: DbOrTx, id: number) =>
    db.update(staffSession).set({ complete: true }).where(eq(staffSession.id, id)),
  revokeSession: (db: DbOrTx, id: number) =>
    db
      .update(staffSession)
      .set({ revokedAt: sql`now()` })
      .where(eq(staffSession.id, id)),
  revokeAll: (db: DbOrTx, staffId: number) =>
    db
      .update(staffSession)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(staffSession.staffId, staffId), isNull(staffSession.revokedAt))),

  insertToken: (db: DbOrTx, row: { staffId: number; tokenHash: string; expiresAt: Date }) =>
    db.insert(staffToken).values(row),
  /** Uses a set-password link once: answers its staff id, or null when unknown, used or expired. */
  useToken: async (db: DbOrTx, tokenHash: string) =>
    (
      await db
        .update(staffToken)
        .set({ usedAt: sql`now()` })
        .where(
          and(eq(staffToken.tokenHash, tokenHash), isNull(staffToken.usedAt), gt(staffToken.expiresAt, sql`now()`)),
        )
        .returning({ staffId: staffToken.staffId })
    )[0]?.staffId ?? null,

  /** Replaces a member's recovery codes with these (keyed hashes). */
  replaceRecoveryCodes: async (db: DbOrTx, staffId: number, codeHashes: string[]) => {
    await db.delete(staffRecoveryCode).where(eq(staffRecoveryCode.staffId, staffId));
    if (codeHashes.length)
      await db.insert(staffRecoveryCode).values(codeHashes.map((codeHash) => ({ staffId, codeHash })));
  },
  /** Spends one unused code, once even when two instances are given it together: whether it was there. */
  spendRecoveryCode: async (db: DbOrTx, staffId: number, codeHash: string) =>
    (
      await db
        .update(staffRecoveryCode)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(staffRecoveryCode.staffId, staffId),
            eq(staffRecoveryCode.codeHash, codeHash),
            isNull(staffRecoveryCode.usedAt),
          ),
        )
        .returning({ id: staffRecoveryCode.id })
    ).length === 1,
  /** Unused recovery codes by member. */
  recoveryCodesLeft: async (db: DbOrTx, staffIds: number[]) => {
    if (!staffIds.length) return new Map<number, number>();
    const rows = await db
      .select({ staffId: staffRecoveryCode.staffId, n: sql<number>`count(*)::int` })
      .from(staffRecoveryCode)
      .where(and(inArray(staffRecoveryCode.staffId, staffIds), isNull(staffRecoveryCode.usedAt)))
      .groupBy(staffRecoveryCode.staffId);
    return new Map(rows.map((r) => [r.staffId, r.n]));
  },

  setting: <T = unknown>(db: DbOrTx, key: string) => storeValues.get<T>(db, key),
  putSetting: (db: DbOrTx, key: string, value: unknown) => storeValues.put(db, key, value),
};
