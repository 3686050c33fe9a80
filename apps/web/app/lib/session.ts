import { SESSION_KEYS } from '@facet/contracts/constants';
import type { User } from '@facet/contracts/account';

// The signed-in user and token live in session storage under fixed keys.
export type LoggedUser = User;

const storage = () => (typeof window === 'undefined' ? null : window.sessionStorage);
// Session storage is per tab: the guest's cart id is also kept where a new tab, or the browser
// reopened, finds it (for VISITOR_DAYS after its last use). The token never is.
const lasting = () => (typeof window === 'undefined' ? null : (window.localStorage ?? null));
const VISITOR_KEY = 'facet-visitor';
export const VISITOR_DAYS = 30;
function keptVisitor(now = Date.now()): string | null {
  try {
    const kept = JSON.parse(lasting()?.getItem(VISITOR_KEY) ?? 'null') as { id?: unknown; at?: unknown } | null;
    if (kept && typeof kept.id === 'string' && typeof kept.at === 'number' && now - kept.at < VISITOR_DAYS * 86_400_000)
      return kept.id;
  } catch {
    /* storage blocked or garbled: start afresh */
  }
  return null;
}
function keepVisitor(id: string | null) {
  try {
    if (id) lasting()?.setItem(VISITOR_KEY, JSON.stringify({ id, at: Date.now() }));
    else lasting()?.removeItem(VISITOR_KEY);
  } catch {
    /* private mode: the tab still has its id */
  }
}

export function getLoggedUser(): LoggedUser | null {
  const raw = storage()?.getItem(SESSION_KEYS.loggedUser);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as LoggedUser;
  } catch {
    return null;
  }
}
export const getToken = () => storage()?.getItem(SESSION_KEYS.userToken) ?? null;

export function storeUser(user: LoggedUser, token: string) {
  const s = storage();
  // A new sign-in (not a refresh of the same session): the visitor cart was claimed by it, so
  // the old visitor id is retired and a fresh one starts on the next visit-only call.
  if (s?.getItem(SESSION_KEYS.userToken) !== token) {
    s?.removeItem(SESSION_KEYS.sessionId);
    keepVisitor(null);
  }
  s?.setItem(SESSION_KEYS.loggedUser, JSON.stringify(user));
  s?.setItem(SESSION_KEYS.userToken, token);
}
/** Forgets the signed-in user; the visitor id rotates too, so the next visitor starts a fresh cart. */
export function clearUser() {
  storage()?.removeItem(SESSION_KEYS.loggedUser);
  storage()?.removeItem(SESSION_KEYS.userToken);
  storage()?.removeItem(SESSION_KEYS.sessionId);
  keepVisitor(null);
}

/** The random id that keys a visitor's cart (header X-Session-Id), created on first visit. */
export function getSessionId(): string {
  const s = storage();
  if (!s) return '';
  let id = s.getItem(SESSION_KEYS.sessionId);
  if (!id) {
    // A signed-in tab keeps its own fresh id; a guest tab picks up the guest cart of other tabs.
    id = (s.getItem(SESSION_KEYS.userToken) ? null : keptVisitor()) ?? crypto.randomUUID();
    s.setItem(SESSION_KEYS.sessionId, id);
  }
  if (!s.getItem(SESSION_KEYS.userToken)) keepVisitor(id);
  return id;
}

/** How many lines this visitor's cart had when last read, under the id it was read with. */
const CART_LINES_KEY = 'facet-cart-lines';
export function rememberCartLines(lines: number) {
  try {
    const id = storage()?.getItem(SESSION_KEYS.sessionId);
    if (id) lasting()?.setItem(CART_LINES_KEY, JSON.stringify({ id, lines }));
  } catch {
    /* storage blocked: the cart page asks for the cart, as without the hint */
  }
}

/**
 * An inline script for the cart page, run as the page is parsed, before its code arrives: it
 * shows the empty cart at once (element `noneId`, instead of the placeholder `waitId` shown while
 * the page asks for the cart) when this tab's cart is known to be empty — the tab has no visitor
 * id, no sign-in and no guest id kept from another tab (a first visit), or its visitor id's cart
 * had no lines when last read (every change to the cart passes through the page's cart store,
 * which remembers the count, in any tab). Any doubt (signed in, storage blocked, another id, lines)
 * leaves the placeholder.
 */
export function cartKnownEmptyScript(waitId: string, noneId: string): string {
  return (
    `(function(){try{var s=sessionStorage,l=localStorage;if(s.getItem(${JSON.stringify(SESSION_KEYS.userToken)}))return;` +
    `var id=s.getItem(${JSON.stringify(SESSION_KEYS.sessionId)});` +
    `if(!id){var v=JSON.parse(l.getItem(${JSON.stringify(VISITOR_KEY)})||'null');` +
    `if(v&&typeof v.id==='string'&&typeof v.at==='number'&&Date.now()-v.at<${VISITOR_DAYS * 86_400_000})id=v.id}` +
    `if(id){var h=JSON.parse(l.getItem(${JSON.stringify(CART_LINES_KEY)})||'null');if(!h||h.id!==id||h.lines!==0)return}` +
    `}catch(e){return}` +
    `var w=document.getElementById(${JSON.stringify(waitId)}),n=document.getElementById(${JSON.stringify(noneId)});` +
    `if(w&&n){w.hidden=true;n.hidden=false}})()`
  );
}
