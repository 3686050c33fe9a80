import { stdSerializers } from 'pino';

/** Query parameters whose values never reach a log: secrets, codes and the address they reach. */
const SECRET_PARAM = /([?&][^=&#]*(?:password|token|otp|code|email|secret|sig)[^=&#]*=)[^&#]*/gi;
/** Pages whose every query value is kept out of the log (a form sent there carries a password). */
const SECRET_PAGE = /^(?:\/api)?(?:\/admin)?\/(?:reset-password|set-password)\b/;

/**
 * Secrets that travel in URLs (reset and newsletter links, order access tokens, a form sent as a
 * GET before its page's scripts ran) never reach a log.
 */
export const redactUrl = (url: string) => {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q))
    .replace(
      /\/(reset-password|set-password|newsletter\/confirm|saved-searches\/confirm|wishlist\/shared)\/[^/?#]+/g,
      '/$1/[redacted]',
    )
    .replace(/\/(saved-searches\/unsubscribe\/[^/?#]+)\/[^/?#]+/g, '/$1/[redacted]');
  if (q < 0) return path;
  const query = url.slice(q);
  if (SECRET_PAGE.test(url)) return `${path}${query.replace(/=[^&#]*/g, '=[redacted]')}`;
  return `${path}${query.replace(SECRET_PARAM, '$1[redacted]')}`;
};

export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.otp',
  '*.token',
  'password',
  'otp',
  'token',
];

/**
 * The one serializer every logged error passes through. Database errors carry the values a query
 * was sent with (session-token hashes, idempotency keys, e-mails, order tokens, password hashes):
 * drizzle's wrapper lists them after "params:" and PostgreSQL repeats them in `detail`, `where`
 * and in messages such as `invalid input syntax for type integer: "…"`. Only the SQL text, the
 * SQLSTATE and the names of the table/column/constraint are kept.
 */
export function safeError(err: unknown): { type: string; message: string; stack: string; [k: string]: unknown } {
  return scrub(err, 0) as { type: string; message: string; stack: string };
}

const QUOTED = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;
const stripParams = (s: string) => s.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');

function scrub(err: unknown, depth: number): Record<string, unknown> {
  if (!err || typeof err !== 'object') return { message: String(err) };
  const e = err as Record<string, unknown> & Error;
  const base = stdSerializers.err(e) as unknown as Record<string, unknown>;
  const isDb =
    'params' in e || 'query' in e || (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e);
  const out: Record<string, unknown> = { type: base.type, message: base.message, stack: base.stack };
  if (typeof e.code === 'string') out.code = e.code;
  if (isDb) {
    out.message = stripParams(String(base.message ?? '')).replace(QUOTED, '"…"');
    out.stack = typeof base.stack === 'string' ? stripParams(base.stack).replace(QUOTED, '"…"') : undefined;
    if (typeof e.query === 'string') out.query = e.query;
    for (const k of ['severity', 'table', 'column', 'constraint', 'routine'] as const)
      if (typeof e[k] === 'string') out[k] = e[k];
  } else {
    for (const [k, v] of Object.entries(base))
      if (!(k in out) && k !== 'cause' && k !== 'raw' && (typeof v !== 'object' || v === null)) out[k] = v;
  }
  if (e.cause && depth < 4) out.cause = scrub(e.cause, depth + 1);
  return out;
}
