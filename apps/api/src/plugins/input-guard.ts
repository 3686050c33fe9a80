import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Validation } from '../errors.ts';

/** Deeper than any body this API accepts; deeper values are refused before any schema walks them. */
export const MAX_DEPTH = 32;

/** Text PostgreSQL cannot store (NUL) or that is not Unicode at all (a lone UTF-16 surrogate). */
export const unstorableText = (s: string) => s.includes('\u0000') || !s.isWellFormed();

const NOT_TEXT = 'Contains characters that are not allowed.';
const TOO_DEEP = 'Is nested too deeply.';

/** The first field of `v` that holds unstorable text or nests too deeply, with the reason. */
function findProblem(v: unknown, at: string, depth: number): [string, string] | null {
  if (typeof v === 'string') return unstorableText(v) ? [at, NOT_TEXT] : null;
  if (!v || typeof v !== 'object') return null;
  // Raw bytes (a piece of an uploaded file) are not text fields: walking 4 MB key by key took seconds.
  if (ArrayBuffer.isView(v)) return null;
  if (depth >= MAX_DEPTH) return [at, TOO_DEEP];
  for (const [k, x] of Object.entries(v)) {
    if (unstorableText(k)) return [at || 'request', NOT_TEXT];
    const found = findProblem(x, at ? `${at}.${k}` : k, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * One check at the edge, before any schema or query runs: every parameter and body field is text
 * a database can hold and a shape a schema can walk. Without it a NUL byte reached PostgreSQL and
 * came back as a 500.
 */
export const inputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ] as const) {
      const found = findProblem(value, '', 0);
      if (found) {
        const field = found[0] || part;
        throw new Validation(`${field}: ${found[1]}`, { [field]: found[1] });
      }
    }
  });
});
