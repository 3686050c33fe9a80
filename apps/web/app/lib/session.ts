import { SESSION_KEYS } from '@facet/contracts/constants';
import type { User } from '@facet/contracts/account';

// Spec §3/§9: the signed-in user and token live in session storage under fixed keys.
export type LoggedUser = User;

const storage = () => (typeof window === 'undefined' ? null : window.sessionStorage);

export function getLoggedUser(): LoggedUser | null {
  const raw = storage()?.getItem(SESSION_KEYS.loggedUser);
  if (!raw) return null;
  try { return JSON.parse(raw) as LoggedUser; } catch { return null; }
}
export const getToken = () => storage()?.getItem(SESSION_KEYS.userToken) ?? null;

export function storeUser(user: LoggedUser, token: string) {
  const s = storage();
  // A new sign-in (not a refresh of the same session): the visitor cart was claimed by it, so
  // the old visitor id is retired and a fresh one starts on the next visit-only call.
  if (s?.getItem(SESSION_KEYS.userToken) !== token) s?.removeItem(SESSION_KEYS.sessionId);
  s?.setItem(SESSION_KEYS.loggedUser, JSON.stringify(user));
  s?.setItem(SESSION_KEYS.userToken, token);
}
/** Forgets the signed-in user; the visitor id rotates too, so the next visitor starts a fresh cart. */
export function clearUser() {
  storage()?.removeItem(SESSION_KEYS.loggedUser);
  storage()?.removeItem(SESSION_KEYS.userToken);
  storage()?.removeItem(SESSION_KEYS.sessionId);
}

/** The random id that keys a visitor's cart (header X-Session-Id), created on first visit. */
export function getSessionId(): string {
  const s = storage();
  if (!s) return '';
  let id = s.getItem(SESSION_KEYS.sessionId);
  if (!id) {
    id = crypto.randomUUID();
    s.setItem(SESSION_KEYS.sessionId, id);
  }
  return id;
}
