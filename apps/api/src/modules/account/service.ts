import type { User, VerifyTicket } from '@facet/contracts/account';
import { MSG } from '@facet/contracts/messages';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { Conflict, RateLimited, Unprocessable, Validation } from '../../errors.ts';
import { enqueueMail, type MailOutbox } from '../mail/outbox.ts';
import { templates, type StoreInfo } from '../mail/templates.ts';
import { accountRepository as repo, type UserRow } from './repository.ts';
import { dummyHash, hashCode, hashPassword, hashToken, isCommonPassword, newCode, newToken, sameHash, verifyPassword } from './secrets.ts';

export interface AccountDeps { db: Db; config: Config; outbox: MailOutbox }

// Brief §6 numbers.
export const CODE_TTL_S = 10 * 60;
export const CODE_MAX_FAILURES = 5;
export const CODE_LOCK_S = 30 * 60;
export const RESEND_EVERY_S = 60;
export const VERIFY_TOKEN_TTL_S = 60 * 60;
export const RESET_TOKEN_TTL_S = 30 * 60;

export const storeInfo = (c: Config): StoreInfo => ({
  name: c.STORE_NAME, email: c.STORE_EMAIL, phone: c.STORE_PHONE, address: c.STORE_ADDRESS, publicUrl: c.PUBLIC_URL.replace(/\/$/, ''),
});
const inSeconds = (s: number) => new Date(Date.now() + s * 1000);

const INVALID_LOGIN = 'Invalid email or password';
const COMMON_PASSWORD = 'This password is too common. Please choose another.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';
const TOO_MANY = 'Too many wrong codes. Please wait 30 minutes, then request a new code.';

export const avatarUrl = (key: string | null) => (key ? `/api/media/avatar/${key}.webp` : null);
export const toUser = (u: UserRow, token: string): User => ({
  firstName: u.firstName, lastName: u.lastName, email: u.email, phone: u.phone,
  emailVerified: u.emailVerified ? 1 : 0, avatarUrl: avatarUrl(u.avatarKey), pendingEmail: u.pendingEmail, token,
});

function assertNotCommon(password: string) {
  if (isCommonPassword(password)) throw new Unprocessable(COMMON_PASSWORD, { password: COMMON_PASSWORD });
}

async function issueToken(tx: Tx, userId: number, scope: 'session' | 'verify' | 'reset', ttlS: number) {
  const token = newToken();
  await repo.insertToken(tx, { userId, tokenHash: hashToken(token), scope, expiresAt: inSeconds(ttlS) });
  return token;
}

/** Writes a fresh code for `email` and its message, unless one went out less than a minute ago. */
async function sendCode(deps: AccountDeps, tx: Tx, user: UserRow, email: string, opts: { throttle: 'skip' | 'reject' }) {
  const current = await repo.code(tx, user.id);
  if (current && current.email === email && current.sentAgoS < RESEND_EVERY_S) {
    if (opts.throttle === 'skip') return;
    const wait = Math.ceil(RESEND_EVERY_S - current.sentAgoS);
    throw new RateLimited(`Please wait ${wait} seconds before asking for another code.`, wait);
  }
  const code = newCode();
  // The failure count survives a resend (brief §6) until the lock window has passed.
  const resetFailures = !current || current.email !== email || (current.lockAgoS !== null && current.lockAgoS >= CODE_LOCK_S) || current.failures === 0;
  await repo.putCode(tx, { userId: user.id, email, codeHash: hashCode(user.id, code), ttlS: CODE_TTL_S, resetFailures });
  const forNewAddress = email !== user.email;
  await enqueueMail(tx, { kind: 'verify-code', to: email, sensitive: true, ...templates.verifyCode(storeInfo(deps.config), user.firstName, code, forNewAddress) });
}

export async function register(deps: AccountDeps, body: { firstName: string; lastName: string; email: string; password: string }): Promise<VerifyTicket> {
  assertNotCommon(body.password);
  const passwordHash = await hashPassword(body.password);
  const ticket = await deps.db.transaction(async (tx) => {
    const existing = await repo.userByEmail(tx, body.email);
    if (existing?.emailVerified) throw new Conflict('An account with this e-mail already exists. Please log in or reset your password.');
    // An unfinished registration is taken over: nobody could use it without the mailbox anyway.
    const user = existing
      ? await repo.updateUser(tx, existing.id, { firstName: body.firstName, lastName: body.lastName, passwordHash })
      : await repo.insertUser(tx, { email: body.email, firstName: body.firstName, lastName: body.lastName, passwordHash });
    await sendCode(deps, tx, user, user.email, { throttle: 'skip' });
    const token = await issueToken(tx, user.id, 'verify', VERIFY_TOKEN_TTL_S);
    return { emailVerified: 0 as const, email: user.email, firstName: user.firstName, token };
  });
  void deps.outbox.kick();
  return ticket;
}

export async function authenticate(deps: AccountDeps, username: string, password: string): Promise<User | VerifyTicket> {
  const user = await repo.userByEmail(deps.db, username);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok) throw new Validation(INVALID_LOGIN);
  const answer = await deps.db.transaction(async (tx) => {
    if (!user.emailVerified) {
      await sendCode(deps, tx, user, user.email, { throttle: 'skip' });
      const token = await issueToken(tx, user.id, 'verify', VERIFY_TOKEN_TTL_S);
      return { emailVerified: 0 as const, email: user.email, firstName: user.firstName, token };
    }
    return toUser(user, await issueToken(tx, user.id, 'session', deps.config.SESSION_DAYS * 86_400));
  });
  void deps.outbox.kick();
  return answer;
}

/** Which address a code goes to: the account's own until verified, then a pending new one. */
function codeTarget(user: UserRow): string {
  if (!user.emailVerified) return user.email;
  if (user.pendingEmail) return user.pendingEmail;
  throw new Conflict('Your e-mail address is already verified.');
}

export async function resendCode(deps: AccountDeps, userId: number): Promise<{ message: string }> {
  await deps.db.transaction(async (tx) => {
    const user = (await repo.userById(tx, userId))!;
    await sendCode(deps, tx, user, codeTarget(user), { throttle: 'reject' });
  });
  void deps.outbox.kick();
  return { message: 'A new code is on its way. Please check your e-mail.' };
}

export async function verifyCode(deps: AccountDeps, userId: number, otp: string, bearer: string): Promise<User> {
  // A wrong guess must be counted even though the request fails, so the count commits first.
  const outcome = await deps.db.transaction(async (tx) => {
    const user = (await repo.userById(tx, userId))!;
    const target = codeTarget(user);
    const code = await repo.code(tx, userId);
    if (!code || code.email !== target) return { error: new Validation('Please request a new code.') };
    if (code.failures >= CODE_MAX_FAILURES) {
      const wait = Math.max(1, Math.ceil(CODE_LOCK_S - (code.lockAgoS ?? 0)));
      return { error: new RateLimited(TOO_MANY, wait) };
    }
    if (code.expired) return { error: new Validation('This code has expired. Please request a new one.') };
    if (!sameHash(code.codeHash, hashCode(userId, otp))) {
      const failures = await repo.recordFailure(tx, userId);
      const left = CODE_MAX_FAILURES - failures;
      return { error: left > 0 ? new Validation(`That code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`, { otp: MSG.otp }) : new RateLimited(TOO_MANY, CODE_LOCK_S) };
    }
    await repo.deleteCode(tx, userId);
    if (!user.emailVerified) {
      const verified = await repo.updateUser(tx, userId, { emailVerified: true });
      await repo.revokeTokens(tx, userId, ['verify']);
      return { user: toUser(verified, await issueToken(tx, userId, 'session', deps.config.SESSION_DAYS * 86_400)) };
    }
    // E-mail change: the new address is proven; it must still be free.
    const taken = await repo.userByEmail(tx, target);
    if (taken && taken.id !== userId) return { error: new Conflict('Another account already uses this e-mail address.') };
    const changed = await repo.updateUser(tx, userId, { email: target, pendingEmail: null });
    return { user: toUser(changed, bearer) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.user;
}

export async function forgotPassword(deps: AccountDeps, email: string): Promise<{ message: string }> {
  const user = await repo.userByEmail(deps.db, email);
  if (user) {
    await deps.db.transaction(async (tx) => {
      // One mail a minute per account keeps the form from being used to flood a mailbox.
      const since = await repo.secondsSinceToken(tx, user.id, 'reset');
      if (since !== null && since < RESEND_EVERY_S) return;
      await repo.revokeTokens(tx, user.id, ['reset']);
      const token = await issueToken(tx, user.id, 'reset', RESET_TOKEN_TTL_S);
      const url = `${storeInfo(deps.config).publicUrl}/reset-password/${token}`;
      await enqueueMail(tx, { kind: 'reset-link', to: user.email, sensitive: true, ...templates.resetLink(storeInfo(deps.config), user.firstName, url) });
    });
    void deps.outbox.kick();
  }
  // The same answer whether or not the address has an account (brief §6).
  return { message: MSG.resetMailSent };
}

export async function resetPassword(deps: AccountDeps, tokenId: number, userId: number, password: string): Promise<{ message: string }> {
  assertNotCommon(password);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.useToken(tx, tokenId))) throw new Validation(RESET_LINK_INVALID);
    // Following the mailed link proves the address, so an unverified account is verified too.
    const user = await repo.updateUser(tx, userId, { passwordHash, emailVerified: true });
    await repo.revokeTokens(tx, userId, ['session', 'verify', 'reset']);
    await repo.deleteCode(tx, userId);
    await enqueueMail(tx, { kind: 'password-changed', to: user.email, ...templates.passwordChanged(storeInfo(deps.config), user.firstName) });
  });
  void deps.outbox.kick();
  return { message: MSG.passwordReset };
}

export async function currentUser(deps: AccountDeps, userId: number, bearer: string): Promise<User> {
  return toUser((await repo.userById(deps.db, userId))!, bearer);
}

export interface ProfilePatch { firstName: string; lastName: string; phone: string; email?: string; avatar?: Buffer }

export async function updateProfile(deps: AccountDeps, userId: number, bearer: string, patch: ProfilePatch, avatarKey?: string): Promise<User> {
  const updated = await deps.db.transaction(async (tx) => {
    let user = await repo.updateUser(tx, userId, { firstName: patch.firstName, lastName: patch.lastName, phone: patch.phone });
    if (patch.avatar && avatarKey) {
      await repo.putAvatar(tx, userId, avatarKey, patch.avatar);
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
  void deps.outbox.kick();
  return toUser(updated, bearer);
}
