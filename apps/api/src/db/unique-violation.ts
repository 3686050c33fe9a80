/** Whether `err` is PostgreSQL refusing a second row under the unique index or constraint `name` (either driver). */
export const isUniqueViolation = (err: unknown, name: string) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = e.cause ?? e;
  return c.code === '23505' && (c.constraint === name || String((c as Error).message ?? '').includes(name));
};
