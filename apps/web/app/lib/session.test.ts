import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@facet/contracts/account';
import { SESSION_KEYS } from '@facet/contracts/constants';
import { clearUser, getSessionId, storeUser } from './session.ts';

// The visitor id (swag-session) is all that guards a guest cart: it is random, and it is retired
// at every sign-in and sign-out so an id seen before cannot follow the shopper.
const store = new Map<string, string>();
const sessionStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => { store.set(k, v); },
  removeItem: (k: string) => { store.delete(k); },
};
beforeEach(() => { store.clear(); (globalThis as Record<string, unknown>).window = { sessionStorage }; });
afterEach(() => { delete (globalThis as Record<string, unknown>).window; });

const user = { firstName: 'Ada', lastName: 'K', email: 'ada@example.com', phone: '', emailVerified: 1, avatarUrl: null, pendingEmail: null, token: 't1' } as User;

describe('visitor id', () => {
  it('is a random UUID, kept until the shopper signs in or out', () => {
    const first = getSessionId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(getSessionId()).toBe(first);
    storeUser(user, 't1');
    const afterSignIn = getSessionId();
    expect(afterSignIn).not.toBe(first);
    // Refreshing the same session (a profile save) keeps the id.
    storeUser({ ...user, firstName: 'Ada L.' }, 't1');
    expect(getSessionId()).toBe(afterSignIn);
    clearUser();
    expect(store.has(SESSION_KEYS.userToken)).toBe(false);
    expect(getSessionId()).not.toBe(afterSignIn);
  });
});
