/** A card expiring MM/YY works to the end of that month; after it the bank declines it. */
export const cardExpired = (exp: string, now = new Date()) => {
  const [mm, yy] = exp.split('/').map((s) => Number(s.trim()));
  return !mm || yy === undefined || !Number.isFinite(yy) || new Date(2000 + yy, mm, 1) <= now;
};

/** "MM / YY" as typed → month and four-digit year. */
export function expiryOf(exp: string): { expMonth: number; expYear: number } {
  const [mm, yy] = exp.split('/').map((s) => Number(s.trim()));
  return { expMonth: mm!, expYear: 2000 + yy! };
}
