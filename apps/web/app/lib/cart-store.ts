import { useSyncExternalStore } from 'react';
import type { AddItemInput, Cart } from '@facet/contracts/commerce';
import { callApi } from '~/lib/client-api.ts';
import { onLogin } from '~/lib/after-login.ts';
import { rememberCartLines } from '~/lib/session.ts';

// Client state for the cart: the server's cart (lines priced by the server) and the
// "added" flag, reset by resetAdded() once the confirmation has been shown.
interface CartState {
  cart: Cart | null;
  loading: boolean;
  added: boolean;
}
let state: CartState = { cart: null, loading: false, added: false };
const SERVER: CartState = { cart: null, loading: false, added: false };
const listeners = new Set<() => void>();
const set = (patch: Partial<CartState>) => {
  state = { ...state, ...patch };
  // Every change to the cart passes here: the cart page can show an empty cart before its code.
  if (patch.cart) rememberCartLines(patch.cart.lines.length);
  listeners.forEach((l) => l());
};

export function useCart(): CartState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => SERVER,
  );
}

let inflight: Promise<Cart> | null = null;
/** GET /cart (with the session id and, when signed in, the token: the server merges at sign-in). */
export function fetchCart(query = ''): Promise<Cart> {
  if (!query && inflight) return inflight;
  set({ loading: true });
  const p = callApi<Cart>(`/cart${query}`).then(
    (cart) => {
      set({ cart, loading: false });
      return cart;
    },
    (err) => {
      set({ loading: false });
      throw err;
    },
  );
  if (!query) {
    inflight = p;
    void p
      .finally(() => {
        inflight = null;
      })
      .catch(() => {});
  }
  return p;
}

export async function addToCart(item: AddItemInput): Promise<Cart> {
  const cart = await callApi<Cart>('/cart/items', { method: 'POST', body: item });
  set({ cart, added: true });
  return cart;
}
export const resetAdded = () => set({ added: false });

export async function updateLine(id: number, quantity: number): Promise<Cart> {
  const cart = await callApi<Cart>(`/cart/items/${id}`, { method: 'PATCH', body: { quantity } });
  set({ cart });
  return cart;
}
export async function removeLine(id: number): Promise<Cart> {
  const cart = await callApi<Cart>(`/cart/items/${id}`, { method: 'DELETE' });
  set({ cart });
  return cart;
}
export const setCart = (cart: Cart) => set({ cart });
/** A discount code on the cart: the server says what it takes off, or why it does not apply (422). */
export async function applyDiscountCode(code: string): Promise<Cart> {
  const cart = await callApi<Cart>('/cart/discount', { method: 'PUT', body: { code } });
  set({ cart });
  return cart;
}
export async function removeDiscountCode(code: string): Promise<Cart> {
  const cart = await callApi<Cart>(`/cart/discount?code=${encodeURIComponent(code)}`, { method: 'DELETE' });
  set({ cart });
  return cart;
}

// The visitor's cart joins the user's at sign-in: reading it once with both ids merges it.
if (typeof window !== 'undefined') onLogin(() => fetchCart().then(() => {}));
