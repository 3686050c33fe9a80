import { useSyncExternalStore } from 'react';
import { getLoggedUser, type LoggedUser } from '~/lib/session.ts';

// Client state for the user: who is signed in and which account panel is open.
export type Panel = 'closed' | 'login' | 'register' | 'forget' | 'verify';
export interface VerifyTicket {
  token: string;
  email: string;
  firstName: string;
}
export interface AccountState {
  isLoggedIn: boolean;
  loggedUser: LoggedUser | null;
  panel: Panel;
  ticket: VerifyTicket | null;
  /** A line shown above the login form (after verification), and the e-mail to prefill. */
  notice: string | null;
  loginEmail: string;
}

const SERVER: AccountState = {
  isLoggedIn: false,
  loggedUser: null,
  panel: 'closed',
  ticket: null,
  notice: null,
  loginEmail: '',
};
let state: AccountState | null = null;
const listeners = new Set<() => void>();

function current(): AccountState {
  // Logged in at start when a stored user exists.
  if (!state) {
    const u = getLoggedUser();
    state = { ...SERVER, isLoggedIn: !!u, loggedUser: u };
  }
  return state;
}

export function setAccount(patch: Partial<AccountState>): void {
  state = { ...current(), ...patch };
  for (const l of listeners) l();
}

export const openPanel = (panel: Panel, extra: Partial<AccountState> = {}) => setAccount({ panel, ...extra });
export const closePanel = () => setAccount({ panel: 'closed', notice: null });

export function useAccount(): AccountState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    current,
    () => SERVER,
  );
}
