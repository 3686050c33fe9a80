import { z } from 'zod';

// Every API answer is `{ data }` on success and `{ message, errors? }` on failure.
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** A file download (a CSV export) rather than `{ data }`: the OpenAPI document lists it under its media type. */
export const csvFile = {
  content: { 'text/csv': { schema: z.string().describe('CSV, a header row then one row a record') } },
};
/** A downloaded file's answer, by its type (a CSV export, a staff-only photograph). */
export const fileAnswer = (type: 'text/csv' | 'application/x-ndjson' | 'image/webp' | 'application/pdf') =>
  type === 'text/csv'
    ? csvFile
    : type === 'application/x-ndjson'
      ? { content: { 'application/x-ndjson': { schema: z.string().describe('JSON lines, one record a line') } } }
      : type === 'application/pdf'
        ? { content: { 'application/pdf': { schema: z.string().describe('A PDF document') } } }
        : { content: { 'image/webp': { schema: z.string().describe('A WebP image') } } };
