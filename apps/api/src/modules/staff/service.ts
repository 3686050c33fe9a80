import { generate, generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import { ROLE_PERMISSIONS, type Role, type StaffMe } from '@facet/contracts/admin';
import { passwordPatternProblem } from '@facet/contracts/patterns';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, RateLimited, Validation } from '../../errors.ts';
import {
  dummyHash,
  hashPassword,
  hashToken,
  isCommonPassword,
  isSealed,
  newToken,
  openText,
  purposeKey,
  sealText,
  serverSecret,
  verifyPassword,
} from '../../secrets.ts';
import type { Throttle } from '../throttle/index.ts';
import { audit, type Actor } from '../audit/index.ts';
import { staffRepository as repo, type StaffRow } from './repository.ts';
import { makeRecoveryCodes, qrOf } from './recovery.ts';

export interface StaffDeps {
  db: Db;
  config: Config;
  throttle: Throttle;
}

export const SET_PASSWORD_TTL_MS = 48 * 3_600_000;
const SIGNIN_FAILURES_MAX = 5;
const SIGNIN_WINDOW_MS = 15 * 60_000;
const REQUIRE_TOTP = 'staff.requireTotp';
const INVALID = 'Wrong e-mail or password.';

/** A member as the back office shows them; `recoveryCodesLeft` is read by `meOf` and `listStaff`. */
export const toMe = (
  s: StaffRow,
  config: Pick<Config, 'STAFF_IDLE_MINUTES' | 'STAFF_SESSION_HOURS'>,
  recoveryCodesLeft: number,
): StaffMe => ({
  id: s.id,
  email: s.email,
  name: s.name,
  role: s.role,
  permissions: [...ROLE_PERMISSIONS[s.role]],
  totpEnabled: s.totpEnabled,
  recoveryCodesLeft,
  session: { idleMinutes: config.STAFF_IDLE_MINUTES, hours: config.STAFF_SESSION_HOURS },
});
export const actorOf = (s: { id: number; email: string }): Actor => ({ id: s.id, email: s.email });

/** A new staff member with a password, or with a one-time link to set one (answered, never stored). */
export async function addStaff(
  db: Db,
  input: { email: string; role: Role; name?: string; password?: string },
  by: Actor | null,
): Promise<{ staff: StaffRow; setPasswordToken: string | null }> {
  const email = input.email.trim().toLowerCase();
  if (input.password !== undefined) checkPassword(input.password);
  return db.transaction(async (tx) => {
    if (await repo.byEmail(tx, email)) throw new Conflict(`${email} is already a staff member.`);
    const passwordHash = input.password !== undefined ? await hashPassword(input.password) : null;
    const row = await repo.insert(tx, { email, role: input.role, name: input.name ?? '', passwordHash });
    let token: string | null = null;
    if (!passwordHash) {
      token = newToken();
      await repo.insertToken(tx, {
        staffId: row.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_MS),
      });
    }
    await audit(tx, by ?? { id: null, email: 'command line' }, 'staff.add', 'staff', row.id, null, {
      email,
      role: input.role,
    });
    return { staff: row, setPasswordToken: token };
  });
}

function checkPassword(password: string) {
  if (password.length < 12 || password.length > 128) throw new Validation('A staff password is 12–128 characters.');
  if (isCommonPassword(password)) throw new Validation('That password is too common. Choose another.');
  const problem = passwordPatternProblem(password);
  if (problem) throw new Validation(problem);
}

export const staffCount = (db: DbOrTx) => repo.count(db);

/** Sets the password through a one-time link; every earlier session ends. */
export async function setPassword(db: Db, token: string, password: string): Promise<void> {
  checkPassword(password);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const staffId = await repo.useToken(tx, hashToken(token));
    if (!staffId) throw new Validation('This link is invalid or has expired. Ask the owner for a new one.');
    await repo.setPassword(tx, staffId, hash);
    await repo.revokeAll(tx, staffId);
  });
}

const signinKey = (email: string) => `staff-signin:${email}`;

export interface SignIn {
  token: string;
  staff: StaffRow;
  needsTotp: boolean;
}

/**
 * Password sign-in. Failures count per account across clients and instances; a member with a
 * second factor gets a session that opens nothing until the code is given.
 */
export async function signIn(deps: StaffDeps, emailRaw: string, password: string): Promise<SignIn> {
  const email = emailRaw.trim().toLowerCase();
  const failed = await deps.throttle.read(signinKey(email));
  if (failed.hits >= SIGNIN_FAILURES_MAX) {
    const minutes = Math.max(1, Math.ceil(failed.ttlMs / 60_000));
    throw new RateLimited(
      `Too many failed sign-ins for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      Math.ceil(failed.ttlMs / 1000),
    );
  }
  const member = await repo.byEmail(deps.db, email);
  const ok =
    member?.active && member.passwordHash
      ? await verifyPassword(member.passwordHash, password)
      : (await verifyPassword(await dummyHash(), password), false);
  if (!member || !ok) {
    await deps.throttle.hit(signinKey(email), SIGNIN_WINDOW_MS);
    throw new Validation(INVALID);
  }
  await deps.throttle.clear(signinKey(email));
  const token = newToken();
  await repo.insertSession(deps.db, {
    staffId: member.id,
    tokenHash: hashToken(token),
    complete: !member.totpEnabled,
    expiresAt: new Date(Date.now() + deps.config.STAFF_SESSION_HOURS * 3_600_000),
  });
  return { token, staff: member, needsTotp: member.totpEnabled };
}

export interface StaffSession {
  sessionId: number;
  complete: boolean;
  staff: StaffRow;
  /** The owner requires two-factor sign-in of every member (read with the session). */
  requireTotp: boolean;
}

/**
 * How often a session's last use is written. The idle timeout is counted in minutes, so a write
 * per half minute keeps it to the half minute; writing on every request made parallel requests
 * of one member wait on each other's row lock.
 */
const TOUCH_EVERY_MS = 30_000;

/** The live session behind a cookie value (touching it), or null. */
export async function sessionOf(deps: StaffDeps, token: string): Promise<StaffSession | null> {
  const found = await repo.liveSession(
    deps.db,
    hashToken(token),
    deps.config.STAFF_IDLE_MINUTES * 60_000,
    REQUIRE_TOTP,
  );
  if (!found?.member.active) return null;
  if (Date.now() - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
    await repo.touchSession(deps.db, found.session.id, TOUCH_EVERY_MS);
  return {
    sessionId: found.session.id,
    complete: found.session.complete,
    staff: found.member,
    requireTotp: found.requireTotp,
  };
}

export const signOut = (db: Db, sessionId: number) => repo.revokeSession(db, sessionId);
export const signOutEverywhere = (db: Db, staffId: number) => repo.revokeAll(db, staffId);

// ---- second factor (TOTP, RFC 6238: 30 s steps, 6 digits; one step of clock drift allowed)
const TOTP_TOLERANCE_S = 30;

/** Completes a sign-in with the authenticator code. */
export async function passTotp(deps: StaffDeps, session: StaffSession, code: string): Promise<StaffRow> {
  const key = `staff-totp:${session.staff.id}`;
  const failed = await deps.throttle.read(key);
  if (failed.hits >= SIGNIN_FAILURES_MAX)
    throw new RateLimited('Too many wrong codes. Sign in again later.', Math.ceil(failed.ttlMs / 1000));
  const secret = session.staff.totpSecret && openTotp(deps.config, session.staff.totpSecret);
  const checked = secret ? await verifyTotp({ secret, token: code, epochTolerance: TOTP_TOLERANCE_S }) : null;
  if (!checked?.valid || !('timeStep' in checked)) {
    await deps.throttle.hit(key, SIGNIN_WINDOW_MS);
    throw new Validation('That code is not right. Use the current code from your authenticator app.');
  }
  // A code works once: one seen by someone else (over a shoulder, in a phishing page) is spent.
  if (!(await repo.spendTotpStep(deps.db, session.staff.id, Number(checked.timeStep)))) {
    await deps.throttle.hit(key, SIGNIN_WINDOW_MS);
    throw new Validation('That code has been used already. Wait for the next code in your authenticator app.');
  }
  await repo.completeSession(deps.db, session.sessionId);
  return session.staff;
}

/** Authenticator secrets are kept sealed under the server's secret key: no database copy or backup can read them. */
const totpKey = (config: Pick<Config, 'SECRET_KEY' | 'DATA_DIR'>) => purposeKey(serverSecret(config), 'totp');
/** The secret, or null when it was sealed under another key (a store restored without its secret key). */
function openTotp(config: Pick<Config, 'SECRET_KEY' | 'DATA_DIR'>, stored: string): string | null {
  if (!isSealed(stored)) return stored;
  try {
    return openText(totpKey(config), stored);
  } catch {
    return null;
  }
}

/** Seals any authenticator secret kept readable by an earlier release (run at start; a no-op after). */
export async function sealStoredTotpSecrets(db: Db, config: Pick<Config, 'SECRET_KEY' | 'DATA_DIR'>) {
  for (const row of await repo.withTotpSecret(db))
    if (!isSealed(row.totpSecret))
      await repo.replaceTotpSecret(db, row.id, row.totpSecret, sealText(totpKey(config), row.totpSecret));
}

/** Starts enrolment: a new secret (kept sealed, not yet enabled) and its otpauth:// URI for the app. */
export async function startTotp(deps: Pick<StaffDeps, 'db' | 'config'>, member: StaffRow, issuer: string) {
  const secret = generateSecret();
  await repo.setTotp(deps.db, member.id, sealText(totpKey(deps.config), secret), false);
  const uri = generateURI({ issuer, label: member.email, secret });
  return { secret, uri, ...qrOf(uri) };
}

/** Ends enrolment: the first code proves the app holds the secret. Answers the recovery codes, shown once. */
export async function enableTotp(
  deps: Pick<StaffDeps, 'db' | 'config'>,
  member: StaffRow,
  code: string,
): Promise<string[]> {
  const { db } = deps;
  const fresh = await repo.byId(db, member.id);
  if (!fresh?.totpSecret) throw new Conflict('Start two-factor setup first.');
  const secret = openTotp(deps.config, fresh.totpSecret);
  if (!secret) throw new Conflict('Start two-factor setup again: the secret kept for it cannot be read.');
  if (!(await verifyTotp({ secret, token: code, epochTolerance: TOTP_TOLERANCE_S })).valid)
    throw new Validation('That code is not right. Check the time on your phone and try again.');
  return db.transaction(async (tx) => {
    await repo.setTotp(tx, member.id, fresh.totpSecret, true);
    const codes = await makeRecoveryCodes(tx, deps.config, member.id);
    await audit(
      tx,
      actorOf(member),
      'staff.totp-enabled',
      'staff',
      member.id,
      { totpEnabled: false },
      { totpEnabled: true },
    );
    return codes;
  });
}

/** The current code for a secret (tests and the CLI use it; the store never shows one). */
export const totpNow = (secret: string) => generate({ secret });

export const totpRequired = async (db: DbOrTx) => (await repo.setting(db, REQUIRE_TOTP)) === true;
export async function setTotpRequired(db: Db, by: Actor, required: boolean) {
  const self = by.id === null ? null : await repo.byId(db, by.id);
  if (required && !self?.totpEnabled)
    throw new Conflict('Set up two-factor sign-in for yourself first, or requiring it would lock you out.');
  await db.transaction(async (tx) => {
    const before = await totpRequired(tx);
    await repo.putSetting(tx, REQUIRE_TOTP, required);
    await audit(tx, by, 'settings.require-totp', 'setting', REQUIRE_TOTP, before, required);
  });
}

export async function listStaff(db: Db, config: Config) {
  const rows = await repo.list(db);
  const left = await repo.recoveryCodesLeft(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((s) => toMe(s, config, left.get(s.id) ?? 0));
}
/** One member as the back office shows them, with their recovery codes left. */
export const meOf = async (db: DbOrTx, config: Config, s: StaffRow) =>
  toMe(s, config, (await repo.recoveryCodesLeft(db, [s.id])).get(s.id) ?? 0);

export type { StaffRow };
