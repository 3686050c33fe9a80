import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@facet/contracts/account';
import { SESSION_KEYS } from '@facet/contracts/constants';
import {
  cartKnownEmptyScript,
  clearUser,
  getSessionId,
  rememberCartLines,
  storeUser,
  VISITOR_DAYS,
} from './session.ts';

// The visitor id (swag-session) is all that guards a guest cart: it is random, and it is retired
// at every sign-in and sign-out so an id seen before cannot follow the shopper.
const store = new Map<string, string>();
const sessionStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => {
    store.set(k, v);
  },
  removeItem: (k: string) => {
    store.delete(k);
  },
};
const kept = new Map<string, string>();
const localStorage = {
  getItem: (k: string) => kept.get(k) ?? null,
  setItem: (k: string, v: string) => {
    kept.set(k, v);
  },
  removeItem: (k: string) => {
    kept.delete(k);
  },
};
beforeEach(() => {
  store.clear();
  kept.clear();
  (globalThis as Record<string, unknown>).window = { sessionStorage, localStorage };
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>).window;
});

const user = {
  firstName: 'Ada',
  lastName: 'K',
  email: 'ada@example.com',
  phone: '',
  emailVerified: 1,
  avatarUrl: null,
  pendingEmail: null,
  token: 't1',
} as User;

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

  it('a guest cart follows the shopper into a new tab and a reopened browser, for 30 days', () => {
    const id = getSessionId();
    store.clear(); // a new tab: empty session storage
    expect(getSessionId()).toBe(id);
    store.clear();
    const old = JSON.parse(kept.get('facet-visitor')!);
    kept.set('facet-visitor', JSON.stringify({ ...old, at: Date.now() - 31 * 86_400_000 }));
    expect(getSessionId()).not.toBe(id);
  });

  it('signing in or out retires the kept id too, so no other tab reuses a claimed cart', () => {
    const id = getSessionId();
    storeUser(user, 't1');
    store.delete(SESSION_KEYS.userToken);
    store.delete(SESSION_KEYS.loggedUser);
    store.delete(SESSION_KEYS.sessionId);
    expect(getSessionId()).not.toBe(id);
    const guest = getSessionId();
    clearUser();
    expect(getSessionId()).not.toBe(guest);
  });
});

describe('the cart page before its code', () => {
  /** Runs the inline script against this test's storage; what it shows: the empty cart or the placeholder. */
  const shown = (blocked = false) => {
    const wait = { hidden: false };
    const none = { hidden: true };
    const document = { getElementById: (id: string) => ({ wait, none })[id] ?? null };
    new Function('sessionStorage', 'localStorage', 'document', `return ${cartKnownEmptyScript('wait', 'none')}`)(
      ...(blocked ? [undefined, undefined] : [sessionStorage, localStorage]),
      document,
    );
    expect(wait.hidden).toBe(!none.hidden);
    return none.hidden ? 'placeholder' : 'empty cart';
  };

  it('shows the empty cart at once on a first visit', () => {
    expect(shown()).toBe('empty cart');
    // A guest id kept from another tab may hold a cart; one older than it is kept for may not.
    kept.set('facet-visitor', JSON.stringify({ id: 'other-tab', at: Date.now() }));
    expect(shown()).toBe('placeholder');
    kept.set('facet-visitor', JSON.stringify({ id: 'old', at: Date.now() - (VISITOR_DAYS + 1) * 86_400_000 }));
    expect(shown()).toBe('empty cart');
  });

  it('shows it at once when this visitor’s cart had no lines when last read, and only then', () => {
    getSessionId();
    // Never read: the page asks.
    expect(shown()).toBe('placeholder');
    rememberCartLines(0);
    expect(shown()).toBe('empty cart');
    rememberCartLines(2);
    expect(shown()).toBe('placeholder');
    rememberCartLines(0);
    // A new tab of the same guest (the id kept in local storage) knows it too.
    store.clear();
    expect(shown()).toBe('empty cart');
    // Another id (a sign-in or sign-out rotates it) is another cart.
    store.set(SESSION_KEYS.sessionId, 'a-new-id');
    expect(shown()).toBe('placeholder');
  });

  it('waits for the cart when signed in or when it cannot read the storage', () => {
    store.set(SESSION_KEYS.userToken, 'token');
    expect(shown()).toBe('placeholder');
    store.clear();
    expect(shown(true)).toBe('placeholder');
  });
});
