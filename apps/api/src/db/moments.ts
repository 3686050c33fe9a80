import { sql } from 'drizzle-orm';

/**
 * A timestamptz column as an ISO 8601 instant in UTC, to the millisecond. A moment read back is the
 * moment stored: a sale or a code kept to the second would start and end up to a second early.
 */
export const isoInstantText = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const isoInstant = (column: string) => sql.raw(isoInstantText(column));
