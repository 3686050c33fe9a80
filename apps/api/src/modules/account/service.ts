import { paths } from '@facet/contracts/paths';
import type { MediaStore } from '../media-store/index.ts';
import { storeInfo } from '../../store-facts.ts';
import type { Preferences, User, VerifyTicket } from '@facet/contracts/account';
import { MSG } from '@facet/contracts/messages';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { Conflict, RateLimited, Unprocessable, Validation } from '../../errors.ts';
import { enqueueMail, type MailOutbox } from '../mail/index.ts';
import type { Throttle } from '../throttle/index.ts';
import { accountRepository as repo, type Attempt, type Scope, type UserRow } from './repository.ts';
import {
  dummyHash,
  hashCode,
  serverSecret,
  hashPassword,
  hashToken,
  isCommonPassword,
  newCode,
  newToken,
  sameHash,
  verifyPassword,
} from '../../secrets.ts';
import { accountMails } from './mail.ts';
import type { SettingsSource } from '../../store-facts.ts';

export interface AccountDeps {
  db: Db;
  config: Config;
  /** The store's settings now (its name and contact details go in every e-mail). */
  settings: SettingsSource;
  outbox: MailOutbox;
  throttle: Throttle;
}

// Codes: valid 10 minutes, 5 wrong tries then a 30-minute lock, resend once a minute.
export const CODE_TTL_S = 10 * 60;
export const CODE_MAX_FAILURES = 5;
export const CODE_LOCK_S = 30 * 60;
export const RESEND_EVERY_S = 60;
export const VERIFY_TOKEN_TTL_S = 60 * 60;
export const RESET_TOKEN_TTL_S = 30 * 60;

const inSeconds = (s: number) => new Date(Date.now() + s * 1000);

const INVALID_LOGIN = 'Invalid email or password';
const COMMON_PASSWORD = 'This password is too common. Please choose another.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';
const TOO_MANY = 'Too many wrong codes. Please wait 30 minutes, then request a new code.';

export const avatarUrl = (key: string | null) => (key ? paths.avatar(key) : null);
/** An avatar's file in the media store (public, like a design's photograph: its key changes with every upload). */
export const avatarFile = (key: string) => `avatar/${key}.webp`;
export const toUser = (u: UserRow, token: string): User => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone,
  emailVerified: u.emailVerified ? 1 : 0,
  avatarUrl: avatarUrl(u.avatarKey),
  pendingEmail: u.pendingEmail,
  token,
});

function assertNotCommon(password: string) {
  if (isCommonPassword(password)) throw new Unprocessable(COMMON_PASSWORD, { password: COMMON_PASSWORD });
}

async function issueToken(
  tx: Tx,
  userId: number,
  scope: 'session' | 'verify' | 'reset',
  ttlS: number,
  attempt?: Attempt,
) {
  const token = newToken();
  await repo.insertToken(tx, { userId, tokenHash: hashToken(token), scope, expiresAt: inSeconds(ttlS), ...attempt });
  return token;
}

/** Writes a fresh code for `email` and its message, unless one went out less than a minute ago. */
async function sendCode(
  deps: AccountDeps,
  tx: Tx,
  user: UserRow,
  email: string,
  opts: { throttle: 'skip' | 'reject'; firstName?: string },
) {
  const current = await repo.code(tx, user.id);
  if (current && current.email === email && current.sentAgoS < RESEND_EVERY_S) {
    if (opts.throttle === 'skip') return;
    throw resendTooSoon(RESEND_EVERY_S - current.sentAgoS);
  }
  const code = newCode();
  // The failure count survives a resend until the lock window has passed, so new codes buy no guesses.
  const resetFailures =
    !current ||
    current.email !== email ||
    (current.lockAgoS !== null && current.lockAgoS >= CODE_LOCK_S) ||
    current.failures === 0;
  await repo.putCode(tx, {
    userId: user.id,
    email,
    codeHash: hashCode(serverSecret(deps.config), user.id, code),
    ttlS: CODE_TTL_S,
    resetFailures,
  });
  const forNewAddress = email !== user.email;
  await enqueueMail(tx, {
    kind: 'verify-code',
    to: email,
    sensitive: true,
    ...accountMails.verifyCode(
      storeInfo(deps.settings.current(), deps.config),
      opts.firstName ?? user.firstName,
      code,
      forNewAddress,
    ),
  });
}

const resendTooSoon = (waitS: number) => {
  const wait = Math.max(1, Math.ceil(waitS));
  return new RateLimited(`Please wait ${wait} seconds before asking for another code.`, wait);
};

/** How many registration attempts of one unverified address stay usable (each may be signed in with). */
export const LIVE_ATTEMPTS = 5;
/** Failed sign-ins per account (whatever client tries) before a short lock. */
export const SIGNIN_FAILURES_MAX = 10;
export const SIGNIN_WINDOW_MS = 15 * 60_000;
const signinKey = (email: string) => `signin-fail ${email}`;
const noticeKey = (userId: number) => `register-notice ${userId}`;

/**
 * Registration never replaces anything. Each attempt keeps its own password and names on its own
 * verify token; the account takes them only when that token's holder enters the mailed code, so
 * neither registering first nor registering again lets someone else's password survive
 * (docs/decisions/008-registration-attempts.md). An address that already has an account answers
 * exactly as a new one would, and its owner is told by e-mail.
 */
export async function register(
  deps: AccountDeps,
  body: { firstName: string; lastName: string; email: string; password: string },
): Promise<VerifyTicket> {
  assertNotCommon(body.password);
  const attempt: Attempt = {
    pendingPasswordHash: await hashPassword(body.password),
    pendingFirstName: body.firstName,
    pendingLastName: body.lastName,
  };
  const ticket = await deps.db.transaction(async (tx) => {
    const existing = await repo.userByEmail(tx, body.email);
    let user = existing;
    if (existing?.emailVerified) {
      // At most one notice a minute, on the same clock as a resend, so both answer alike.
      if ((await deps.throttle.hit(noticeKey(existing.id), RESEND_EVERY_S * 1000)).hits === 1) {
        await enqueueMail(tx, {
          kind: 'registration-attempt',
          to: existing.email,
          ...accountMails.registrationAttempt(storeInfo(deps.settings.current(), deps.config), existing.firstName),
        });
      }
    } else {
      user ??= await repo.insertUser(tx, {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        passwordHash: null,
      });
      await sendCode(deps, tx, user, user.email, { throttle: 'skip', firstName: body.firstName });
    }
    const token = await issueToken(tx, user!.id, 'verify', VERIFY_TOKEN_TTL_S, attempt);
    await repo.trimAttempts(tx, user!.id, LIVE_ATTEMPTS);
    return { emailVerified: 0 as const, email: body.email, firstName: body.firstName, token };
  });
  void deps.outbox.kick();
  return ticket;
}

/** Answers the sign-in (a session, or a verify ticket for an unverified address) and whose account it is. */
export async function authenticate(
  deps: AccountDeps,
  username: string,
  password: string,
): Promise<{ answer: User | VerifyTicket; userId: number }> {
  // Per account, whichever client or instance tries: guessing one shopper's password from many
  // addresses stops here. The owner can still reset the password, which lifts the lock.
  const failed = await deps.throttle.read(signinKey(username));
  if (failed.hits >= SIGNIN_FAILURES_MAX) {
    const minutes = Math.max(1, Math.ceil(failed.ttlMs / 60_000));
    throw new RateLimited(
      `Too many failed sign-ins for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password with "Forgot Password?".`,
      Math.ceil(failed.ttlMs / 1000),
    );
  }
  const user = await repo.userByEmailFast(deps.db, username);
  let attempt: Attempt | null = null;
  let ok = false;
  if (user?.emailVerified && user.passwordHash) {
    ok = await verifyPassword(user.passwordHash, password);
  } else if (user) {
    // Not verified yet: the password of any live attempt signs in to that attempt (to verify it).
    for (const a of await repo.liveAttempts(deps.db, user.id, LIVE_ATTEMPTS)) {
      if (a.pendingPasswordHash && (await verifyPassword(a.pendingPasswordHash, password))) {
        attempt = {
          pendingPasswordHash: a.pendingPasswordHash,
          pendingFirstName: a.pendingFirstName ?? user.firstName,
          pendingLastName: a.pendingLastName ?? user.lastName,
        };
        ok = true;
        break;
      }
    }
  } else {
    await verifyPassword(await dummyHash(), password);
  }
  if (!user || !ok) {
    await deps.throttle.hit(signinKey(username), SIGNIN_WINDOW_MS);
    throw new Validation(INVALID_LOGIN);
  }
  const answer = await deps.db.transaction(async (tx) => {
    if (attempt) {
      await sendCode(deps, tx, user, user.email, { throttle: 'skip', firstName: attempt.pendingFirstName });
      const token = await issueToken(tx, user.id, 'verify', VERIFY_TOKEN_TTL_S, attempt);
      await repo.trimAttempts(tx, user.id, LIVE_ATTEMPTS);
      return { emailVerified: 0 as const, email: user.email, firstName: attempt.pendingFirstName, token };
    }
    return toUser(user, await issueToken(tx, user.id, 'session', deps.config.SESSION_DAYS * 86_400));
  });
  void deps.outbox.kick();
  return { answer, userId: user.id };
}

/** Which address a code goes to: the account's own until verified, then a pending new one. */
function codeTarget(user: UserRow): string {
  if (!user.emailVerified) return user.email;
  if (user.pendingEmail) return user.pendingEmail;
  throw new Conflict('Your e-mail address is already verified.');
}

/**
 * A verify token on an account that is already verified came from registering an address that
 * has an account. It can verify nothing; it answers as a fresh registration's would, so the
 * address's account stays secret.
 */
const isDecoy = (user: UserRow, scope: Scope) => scope === 'verify' && user.emailVerified;

export async function resendCode(
  deps: AccountDeps,
  auth: { userId: number; scope: Scope },
): Promise<{ message: string }> {
  await deps.db.transaction(async (tx) => {
    const user = (await repo.userById(tx, auth.userId))!;
    if (isDecoy(user, auth.scope)) {
      const w = await deps.throttle.hit(noticeKey(user.id), RESEND_EVERY_S * 1000);
      if (w.hits > 1) throw resendTooSoon(w.ttlMs / 1000);
      await enqueueMail(tx, {
        kind: 'registration-attempt',
        to: user.email,
        ...accountMails.registrationAttempt(storeInfo(deps.settings.current(), deps.config), user.firstName),
      });
      return;
    }
    await sendCode(deps, tx, user, codeTarget(user), { throttle: 'reject' });
  });
  void deps.outbox.kick();
  return { message: 'A new code is on its way. Please check your e-mail.' };
}

const wrongCode = (failures: number) => {
  const left = CODE_MAX_FAILURES - failures;
  return left > 0
    ? new Validation(`That code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`, { otp: MSG.otp })
    : new RateLimited(TOO_MANY, CODE_LOCK_S);
};

export async function verifyCode(
  deps: AccountDeps,
  auth: { userId: number; tokenId: number; scope: Scope; bearer: string },
  otp: string,
): Promise<User> {
  const { userId } = auth;
  // A wrong guess must be counted even though the request fails, so the count commits first.
  const outcome = await deps.db.transaction(async (tx) => {
    const user = (await repo.userById(tx, userId))!;
    if (isDecoy(user, auth.scope)) {
      const attempt = await repo.attempt(tx, auth.tokenId);
      if ((attempt?.failures ?? 0) >= CODE_MAX_FAILURES) return { error: new RateLimited(TOO_MANY, CODE_LOCK_S) };
      return { error: wrongCode(await repo.tokenFailure(tx, auth.tokenId)) };
    }
    const target = codeTarget(user);
    const code = await repo.code(tx, userId);
    if (!code || code.email !== target) return { error: new Validation('Please request a new code.') };
    if (code.failures >= CODE_MAX_FAILURES) {
      const wait = Math.max(1, Math.ceil(CODE_LOCK_S - (code.lockAgoS ?? 0)));
      return { error: new RateLimited(TOO_MANY, wait) };
    }
    if (code.expired) return { error: new Validation('This code has expired. Please request a new one.') };
    if (!sameHash(code.codeHash, hashCode(serverSecret(deps.config), userId, otp)))
      return { error: wrongCode(await repo.recordFailure(tx, userId)) };
    await repo.deleteCode(tx, userId);
    if (!user.emailVerified) {
      // The attempt whose token proved the mailbox wins: its password and names become the account's.
      const attempt = await repo.attempt(tx, auth.tokenId);
      const verified = await repo.updateUser(tx, userId, {
        emailVerified: true,
        passwordHash: attempt?.pendingPasswordHash ?? user.passwordHash,
        firstName: attempt?.pendingFirstName ?? user.firstName,
        lastName: attempt?.pendingLastName ?? user.lastName,
      });
      await repo.revokeTokens(tx, userId, ['verify']);
      await deps.throttle.clear(signinKey(user.email));
      return { user: toUser(verified, await issueToken(tx, userId, 'session', deps.config.SESSION_DAYS * 86_400)) };
    }
    // E-mail change: the new address is proven; it must still be free.
    const taken = await repo.userByEmail(tx, target);
    if (taken && taken.id !== userId)
      return { error: new Conflict('Another account already uses this e-mail address.') };
    const changed = await repo.updateUser(tx, userId, { email: target, pendingEmail: null });
    return { user: toUser(changed, auth.bearer) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.user;
}

/** Signs out this token only. */
export async function logout(deps: AccountDeps, tokenId: number): Promise<{ message: string }> {
  await deps.db.transaction((tx) => repo.revokeToken(tx, tokenId));
  return { message: 'You are logged out.' };
}

/** Signs out every device of the account, this one included. */
export async function logoutEverywhere(deps: AccountDeps, userId: number): Promise<{ message: string }> {
  await deps.db.transaction((tx) => repo.revokeTokens(tx, userId, ['session']));
  return { message: 'You are logged out on every device.' };
}

export async function forgotPassword(deps: AccountDeps, email: string): Promise<{ message: string }> {
  const user = await repo.userByEmailFast(deps.db, email);
  if (user) {
    await deps.db.transaction(async (tx) => {
      // One mail a minute per account keeps the form from being used to flood a mailbox.
      const since = await repo.secondsSinceToken(tx, user.id, 'reset');
      if (since !== null && since < RESEND_EVERY_S) return;
      await repo.revokeTokens(tx, user.id, ['reset']);
      const token = await issueToken(tx, user.id, 'reset', RESET_TOKEN_TTL_S);
      const url = `${storeInfo(deps.settings.current(), deps.config).publicUrl}/reset-password/${token}`;
      await enqueueMail(tx, {
        kind: 'reset-link',
        to: user.email,
        sensitive: true,
        ...accountMails.resetLink(storeInfo(deps.settings.current(), deps.config), user.firstName, url),
      });
    });
    void deps.outbox.kick();
  }
  // The same answer whether or not the address has an account.
  return { message: MSG.resetMailSent };
}

export async function resetPassword(
  deps: AccountDeps,
  tokenId: number,
  userId: number,
  password: string,
): Promise<{ message: string }> {
  assertNotCommon(password);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.useToken(tx, tokenId))) throw new Validation(RESET_LINK_INVALID);
    // Following the mailed link proves the address, so an unverified account is verified too.
    const user = await repo.updateUser(tx, userId, { passwordHash, emailVerified: true });
    await repo.revokeTokens(tx, userId, ['session', 'verify', 'reset']);
    await repo.deleteCode(tx, userId);
    await deps.throttle.clear(signinKey(user.email));
    await enqueueMail(tx, {
      kind: 'password-changed',
      to: user.email,
      ...accountMails.passwordChanged(storeInfo(deps.settings.current(), deps.config), user.firstName),
    });
  });
  void deps.outbox.kick();
  return { message: MSG.passwordReset };
}

export async function currentUser(deps: AccountDeps, userId: number, bearer: string): Promise<User> {
  return toUser((await repo.userById(deps.db, userId))!, bearer);
}

export interface ProfilePatch {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string;
  avatar?: Buffer;
}

export async function updateProfile(
  /** `media`: where avatars are kept, with the store's other media files. */
  deps: AccountDeps & { media: MediaStore },
  userId: number,
  bearer: string,
  patch: ProfilePatch,
  avatarKey?: string,
): Promise<User> {
  let replaced: string | null = null;
  const change = () =>
    deps.db.transaction(async (tx) => {
      let user = await repo.updateUser(tx, userId, {
        firstName: patch.firstName,
        lastName: patch.lastName,
        phone: patch.phone,
      });
      if (patch.avatar && avatarKey) {
        // Read under the row's lock (the update above took it): a second upload waits for this one.
        replaced = user.avatarKey;
        await deps.media.put(avatarFile(avatarKey), patch.avatar, 'image/webp', tx);
        user = await repo.updateUser(tx, userId, { avatarKey });
      }
      if (patch.email && patch.email !== user.email && patch.email !== user.pendingEmail) {
        const taken = await repo.userByEmail(tx, patch.email);
        if (taken) throw new Conflict('Another account already uses this e-mail address.');
        user = await repo.updateUser(tx, userId, { pendingEmail: patch.email });
        await sendCode(deps, tx, user, patch.email, { throttle: 'skip' });
      } else if (patch.email === user.email && user.pendingEmail) {
        user = await repo.updateUser(tx, userId, { pendingEmail: null });
      }
      return user;
    });
  let updated: Awaited<ReturnType<typeof change>>;
  try {
    updated = await change();
  } catch (e) {
    // A bucket cannot join the transaction: the new file goes again if its row did not come.
    if (avatarKey) await deps.media.remove([avatarFile(avatarKey)]).catch(() => {});
    throw e;
  }
  // The one it replaced, once no row names it (its address answered 404 from then on).
  if (replaced && replaced !== avatarKey) await deps.media.remove([avatarFile(replaced)]).catch(() => {});
  void deps.outbox.kick();
  return toUser(updated, bearer);
}

/** The live token behind a bearer string, if any (request plumbing: plugins/auth.ts). */
export const liveToken = (db: Db, bearer: string) => repo.liveToken(db, hashToken(bearer));
export type { Scope };

/** The account's current e-mail address (where its alerts go). */
export const emailOf = async (db: Db, userId: number) => (await repo.userById(db, userId))?.email ?? null;

/** The shopper's e-mail choices (none given: no e-mails beyond their orders' own). */
export const preferencesOf = async (db: DbOrTx, userId: number): Promise<Preferences> =>
  (await repo.preferences(db, userId)) ?? { marketing: false };
export async function setPreferences(db: DbOrTx, userId: number, p: Preferences): Promise<Preferences> {
  await repo.setMarketing(db, userId, p.marketing);
  return p;
}
