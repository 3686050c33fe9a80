// Errors that mean "the database is not reachable right now" rather than "this query is wrong".
const DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

export function isDatabaseDown(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DOWN_CODES.has(code)) return true;
    const msg = (e as { message?: unknown }).message;
    if (
      typeof msg === 'string' &&
      /Connection terminated|PGlite is closed|Cannot use a pool after calling end|database system is (starting|shutting) up/i.test(
        msg,
      )
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
