/**
 * Every route whose URL carries a secret (a one-time link's token, an order's access token, a
 * signature), pages and API alike, with the parameters that are secret. The request log, the
 * redirect of a form sent before its page's scripts ran and the Referrer-Policy all read this one
 * table: a secret is redacted because its route says so, whatever encoding the URL arrives in.
 */
export interface SecretRoute {
  /** A path with `:name` segments, matched segment by segment after percent-decoding. */
  pattern: string;
  /** Path parameters that are secret. */
  path?: readonly string[];
  /** Query parameters that are secret on this route. */
  query?: readonly string[];
  /** Every query value is secret here (a form sent as GET before scripts ran carries a password). */
  allQuery?: boolean;
}

export const SECRET_ROUTES: readonly SecretRoute[] = [
  { pattern: '/reset-password/:token', path: ['token'], allQuery: true },
  { pattern: '/admin/set-password/:token', path: ['token'], allQuery: true },
  { pattern: '/newsletter/confirm/:token', path: ['token'] },
  { pattern: '/saved-searches/confirm/:token', path: ['token'] },
  { pattern: '/saved-searches/unsubscribe/:id/:sig', path: ['sig'] },
  { pattern: '/wishlist/shared/:token', path: ['token'] },
  { pattern: '/api/wishlist/shared/:token', path: ['token'] },
  { pattern: '/order-confirmation', query: ['token'] },
  { pattern: '/orders/:number/return', query: ['token'] },
  { pattern: '/orders/:number/service', query: ['token'] },
  { pattern: '/service/:number', query: ['token'] },
  { pattern: '/api/order/:number', query: ['token'] },
  { pattern: '/api/order/:number/returns', query: ['token'] },
  { pattern: '/api/order/:number/returns/:rma/photos', query: ['token'] },
  { pattern: '/api/order/:number/returns/:rma/pay', query: ['token'] },
  { pattern: '/api/order/:number/service', query: ['token'] },
  { pattern: '/api/order/:number/service/:ticket/photos', query: ['token'] },
  { pattern: '/api/service/:number', query: ['token'] },
  { pattern: '/quotes/:number', query: ['token'] },
  { pattern: '/api/quotes/:number', query: ['token'] },
  { pattern: '/pay/:number', query: ['token'] },
  { pattern: '/api/order/:number/balance', query: ['token'] },
  { pattern: '/cart/restore/:token', path: ['token'] },
  { pattern: '/unsubscribe/:token', path: ['token'] },
  { pattern: '/api/unsubscribe/:token', path: ['token'] },
  { pattern: '/orders/:number/review', query: ['token'] },
  { pattern: '/api/order/:number/reviews', query: ['token'] },
  { pattern: '/api/order/:number/lines/:line/review', query: ['token'] },
];

/**
 * Query parameters whose values are secret on every route: a form sent as GET before its page's
 * scripts ran puts its fields in the URL (a sign-in's e-mail and password, a code).
 */
const SECRET_QUERY_NAME = /password|token|otp|code|email|secret|sig/i;
/** Query parameters that hold a URL of this store: their value is redacted as a URL in its own right. */
const URL_QUERY = new Set(['from', 'next', 'back', 'redirect', 'returnTo']);

export const REDACTED = '[redacted]';

const decode = (s: string) => {
  // Twice: a value that was encoded twice still reads as what it is.
  for (let i = 0; i < 2; i++) {
    try {
      const d = decodeURIComponent(s);
      if (d === s) break;
      s = d;
    } catch {
      break;
    }
  }
  return s;
};

const compiled = SECRET_ROUTES.map((r) => ({ route: r, segments: r.pattern.split('/').slice(1) }));

/**
 * The declared route a path belongs to (its segments compared decoded), if it carries a secret.
 * `anywhere`: also a declared route found inside a longer path (a link pasted after another path,
 * or with more segments after its secret), so a mangled one-time link is still redacted.
 */
export function secretRouteOf(
  pathname: string,
  anywhere = false,
): { route: SecretRoute; secretIndexes: number[]; end: number } | null {
  const segs = pathname.split('/').slice(1).map(decode);
  // A trailing slash is the same page.
  if (segs.length > 1 && segs.at(-1) === '') segs.pop();
  for (let from = 0; from < (anywhere ? segs.length : 1); from++)
    for (const { route, segments } of compiled) {
      const lastIsSecret = !!route.path?.includes(segments.at(-1)!.slice(1));
      const fits =
        segs.length - from === segments.length || (anywhere && lastIsSecret && segs.length - from > segments.length);
      if (!fits) continue;
      const secretIndexes: number[] = [];
      let ok = true;
      for (let i = 0; i < segments.length && ok; i++) {
        const s = segments[i]!;
        const seg = segs[from + i]!;
        if (s.startsWith(':')) {
          if (!seg) ok = false;
          else if (route.path?.includes(s.slice(1))) secretIndexes.push(from + i);
        } else if (s.toLowerCase() !== seg.toLowerCase()) ok = false;
      }
      if (ok) return { route, secretIndexes, end: from + segments.length };
    }
  return null;
}

/** A URL (path and query) with every secret its route declares, and every secret-named field, replaced. */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  if (hash >= 0) url = url.slice(0, hash);
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const match = secretRouteOf(pathname, true);
  let path = pathname;
  if (match && match.secretIndexes.length) {
    const segs = pathname.split('/');
    for (const i of match.secretIndexes) segs[i + 1] = REDACTED;
    // Whatever follows a secret at the route's end is cut with it.
    path = segs.slice(0, match.secretIndexes.at(-1)! + 2).join('/');
  }
  if (q < 0) return path;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      if (!pair) return pair;
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      const name = decode(rawName.replace(/\+/g, ' '));
      if (eq < 0) return SECRET_QUERY_NAME.test(name) ? `${rawName}=${REDACTED}` : pair;
      const value = pair.slice(eq + 1);
      if (match?.route.allQuery || match?.route.query?.includes(name) || SECRET_QUERY_NAME.test(name))
        return `${rawName}=${REDACTED}`;
      if (URL_QUERY.has(name)) {
        const inner = decode(value.replace(/\+/g, ' '));
        const redacted = redactUrl(inner);
        return redacted === inner ? pair : `${rawName}=${encodeURIComponent(redacted)}`;
      }
      return pair;
    });
  return `${path}?${parts.join('&')}`;
}

/** A page or answer whose URL carries a secret: it must not send its address on as a referrer. */
export const carriesSecret = (url: string) => {
  const q = url.indexOf('?');
  const m = secretRouteOf(q < 0 ? url : url.slice(0, q));
  if (!m) return false;
  if (m.secretIndexes.length || m.route.allQuery) return true;
  const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  return (m.route.query ?? []).some((n) => params.has(n));
};
