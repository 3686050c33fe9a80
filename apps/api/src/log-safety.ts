import { activeTraceId } from './tracing.ts';
import { stdSerializers } from 'pino';
import { redactUrl } from '@facet/contracts/secret-routes';

/**
 * The one logger set-up: every server and test that logs requests writes through it. Secrets that
 * travel in URLs (reset and newsletter links, order access tokens, a form sent as a GET before its
 * page's scripts ran) never reach a log: each route declares its secret parameters
 * (contracts/secret-routes.ts), and a path is matched decoded, so no encoding slips past.
 */
export const logOptions = (level: string, stream?: NodeJS.WritableStream) => ({
  level,
  redact: { paths: REDACT, censor: '[redacted]' },
  ...(stream ? { stream } : {}),
  // The trace of the request (or job) a line belongs to, when traces are on.
  mixin: (_merge: object, _level: number, logger: { bindings(): Record<string, unknown> }) => {
    const traceId = activeTraceId(logger.bindings().reqId);
    return traceId ? { traceId } : {};
  },
  serializers: {
    err: safeError,
    error: safeError,
    req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
      method: req.method,
      url: redactUrl(req.url),
      ip: req.ip,
      reqId: req.id,
    }),
  },
});

const REDACT = [
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
