import encodeQR from '@paulmillr/qr';
import { RECOVERY_CODE_COUNT } from '@facet/contracts/admin';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound, RateLimited, Validation } from '../../errors.ts';
import { hashCode, newRecoveryCode, purposeKey, serverSecret } from '../../secrets.ts';
import { audit, type Actor } from '../audit/index.ts';
import { enqueueMail, layout, type StoreInfo } from '../mail/index.ts';
import { staffRepository as repo, type StaffRow } from './repository.ts';
import type { StaffDeps, StaffSession } from './service.ts';

// Getting back in without the phone: ten one-time recovery codes given when two-factor is turned on
// (and made again on request), and the owner — or, for the owner, the staff command on the store's
// machine — turning a member's two-factor off so they can set it up again.

const SECOND_FACTOR_FAILURES_MAX = 5;
const SECOND_FACTOR_WINDOW_MS = 15 * 60_000;

/** Codes are keyed by a secret outside the database: a copy of the table cannot be tried offline. */
const recoveryKey = (config: Pick<Config, 'SECRET_KEY' | 'DATA_DIR'>) =>
  purposeKey(serverSecret(config), 'staff-recovery');
/** "7kq2m xw4td", "7KQ2M-XW4TD" → "7KQ2MXW4TD" (what is hashed). */
const normal = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const hashOf = (config: Pick<Config, 'SECRET_KEY' | 'DATA_DIR'>, staffId: number, code: string) =>
  hashCode(recoveryKey(config), staffId, normal(code));

/** New codes for a member in the caller's transaction (the old ones stop working): shown once. */
export async function makeRecoveryCodes(tx: DbOrTx, config: Config, staffId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(
    tx,
    staffId,
    codes.map((c) => hashOf(config, staffId, c)),
  );
  return codes;
}

/** A member with two-factor asks for new codes (after using some, or losing the list). */
export async function remakeRecoveryCodes(deps: Pick<StaffDeps, 'db' | 'config'>, member: StaffRow) {
  if (!member.totpEnabled) throw new Conflict('Turn on two-factor sign-in first: the codes stand in for it.');
  return deps.db.transaction(async (tx) => {
    const codes = await makeRecoveryCodes(tx, deps.config, member.id);
    await audit(tx, { id: member.id, email: member.email }, 'staff.recovery-codes', 'staff', member.id, null, {
      codes: codes.length,
    });
    return codes;
  });
}

/**
 * Completes a sign-in with a recovery code instead of the authenticator's: each code works once,
 * wrong ones count with wrong authenticator codes, and the member is e-mailed that one was used.
 */
export async function passRecoveryCode(
  deps: StaffDeps & { store: StoreInfo; kickMail: () => void },
  session: StaffSession,
  code: string,
): Promise<StaffRow> {
  const key = `staff-totp:${session.staff.id}`;
  const failed = await deps.throttle.read(key);
  if (failed.hits >= SECOND_FACTOR_FAILURES_MAX)
    throw new RateLimited('Too many wrong codes. Sign in again later.', Math.ceil(failed.ttlMs / 1000));
  const member = session.staff;
  const spent =
    member.totpEnabled &&
    (await deps.db.transaction(async (tx) => {
      if (!(await repo.spendRecoveryCode(tx, member.id, hashOf(deps.config, member.id, code)))) return false;
      await repo.completeSession(tx, session.sessionId);
      const left = (await repo.recoveryCodesLeft(tx, [member.id])).get(member.id) ?? 0;
      await audit(tx, { id: member.id, email: member.email }, 'staff.recovery-code-used', 'staff', member.id, null, {
        left,
      });
      await enqueueMail(tx, {
        kind: 'staff-recovery-used',
        to: member.email,
        ...recoveryUsedMail(deps.store, left),
      });
      return true;
    }));
  if (!spent) {
    await deps.throttle.hit(key, SECOND_FACTOR_WINDOW_MS);
    throw new Validation('That recovery code is not right, or it has been used already.');
  }
  deps.kickMail();
  return member;
}

/**
 * Turns a member's two-factor off (their phone is lost): the secret and the codes go, every session
 * of theirs ends, and they are e-mailed to set it up again. The owner does it for others from the
 * back office; the staff command does it for anyone, on the store's machine.
 */
export async function resetTotp(deps: { db: Db; store: StoreInfo }, by: Actor, staffId: number): Promise<StaffRow> {
  if (by.id === staffId)
    throw new Conflict('You cannot reset your own two-factor here. Sign in with a recovery code instead.');
  return deps.db.transaction(async (tx) => {
    const member = await repo.byId(tx, staffId);
    if (!member) throw new NotFound('No such staff member.');
    if (!member.totpEnabled && !member.totpSecret) throw new Conflict(`${member.email} has no two-factor to reset.`);
    await repo.setTotp(tx, staffId, null, false);
    await repo.replaceRecoveryCodes(tx, staffId, []);
    await repo.revokeAll(tx, staffId);
    await audit(
      tx,
      by,
      'staff.totp-reset',
      'staff',
      staffId,
      { totpEnabled: member.totpEnabled },
      { totpEnabled: false },
    );
    await enqueueMail(tx, { kind: 'staff-totp-reset', to: member.email, ...totpResetMail(deps.store, by) });
    return { ...member, totpSecret: null, totpEnabled: false };
  });
}

const recoveryUsedMail = (store: StoreInfo, left: number) =>
  layout(store, `A recovery code was used to sign in to ${store.name}`, {
    paragraphs: [
      'Someone signed in to the back office with your password and one of your recovery codes.',
      left === 0
        ? 'That was your last code. Sign in and make new ones under Your account.'
        : `You have ${left} recovery code${left === 1 ? '' : 's'} left. Make new ones under Your account if your list is lost.`,
      'If this was not you, tell the store owner at once: they can sign you out everywhere and reset your sign-in.',
    ],
    action: { label: 'Open Your account', url: `${store.publicUrl}/admin/account` },
  });

const totpResetMail = (store: StoreInfo, by: Actor) =>
  layout(store, `Your two-factor sign-in at ${store.name} was reset`, {
    paragraphs: [
      `${by.email === 'command line' ? 'The store’s owner, on the store’s own machine,' : by.email} turned off two-factor sign-in for your back-office account, and signed you out everywhere.`,
      'Sign in with your password, then set up two-factor again under Your account with your new phone.',
      'If you did not ask for this, tell the store owner at once.',
    ],
    action: { label: 'Sign in', url: `${store.publicUrl}/admin/login` },
  });

/** The otpauth:// link as a QR code: one SVG path, a unit square for each dark module. */
export function qrOf(uri: string): { qrPath: string; qrSize: number } {
  const grid = encodeQR(uri, 'raw', { ecc: 'medium', border: 2 });
  let path = '';
  grid.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { qrPath: path, qrSize: grid.length };
}
