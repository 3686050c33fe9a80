import { z } from 'zod';
import { TICKET_NUMBER_RE } from '../service-tickets.ts';
import { RETURN_NUMBER_RE } from '../returns.ts';
import { ROLES, type Permission } from '../admin.ts';
import { supplierCodeField } from '../admin-feeds.ts';
import { METAL_QUALITIES } from '../metals.ts';

// What every area's operations share: how an entry is written (`op`), who may call it, and the
// parameters and bodies several areas take. The areas' tables are merged in admin-api.ts.

/** Who may call an operation: a permission, any signed-in member, one who has only given a password, or anyone. */
export type AdminAccess = Permission | 'signed-in' | 'password-only' | 'public';

/** One operation's entry: what the API registers and the admin pages call. */
export interface AdminOpSpec {
  access: AdminAccess;
  /** The shape of `data` in the answer; `null` when there is none. */
  answer: z.ZodType;
  /** The success status, when not 200. */
  status?: 201 | 202 | 204;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A download (a CSV file, a photograph), not `{ data }`: pages link to it rather than call it. */
  file?: 'text/csv' | 'application/x-ndjson' | 'image/webp' | 'application/pdf';
}
export const op = <const S extends AdminOpSpec>(s: S) => s;

export const rowId = z.coerce.number().int().positive().max(2_147_483_647);
export const idParams = z.object({ id: rowId }).strict();
export const uuidParams = z.object({ id: z.string().uuid() }).strict();
export const codeParams = z.object({ code: supplierCodeField }).strict();
export const ticketParams = z.object({ number: z.string().regex(TICKET_NUMBER_RE, 'Not a ticket number') }).strict();
export const returnParams = z.object({ number: z.string().regex(RETURN_NUMBER_RE, 'Not a return number') }).strict();
export const page = z.coerce.number().int().min(1).max(10_000).default(1);

export const auditQuery = z
  .object({
    entity: z.string().max(40).optional(),
    staff: z.string().max(254).optional(),
    page,
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export const customerQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    page,
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export const addStaffBody = z
  .object({ email: z.email().max(254), role: z.enum(ROLES), name: z.string().trim().max(100).optional() })
  .strict();
/**
 * Cancel before shipping: its stones go back on sale and its stock back on the shelf; with `refund`,
 * what was paid and not yet refunded goes back in the same step (the customer's e-mail says which).
 */
export const cancelOrderBody = z
  .object({
    version: z.number().int().min(1),
    reason: z.string().trim().min(3, 'Say why the order is cancelled').max(500),
    refund: z.boolean(),
  })
  .strict();

export const stoneReason = z.string().trim().min(3, 'Say why').max(300);
/** Hold a stone until a time, withdraw it, or put it back on sale. */
export const stoneChangeBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('hold'), reason: stoneReason, until: z.iso.datetime({ offset: true }) }).strict(),
  z.object({ action: z.literal('withdraw'), reason: stoneReason }).strict(),
  z.object({ action: z.literal('release') }).strict(),
]);
export const metalRateBody = z
  .object({
    centsPerGram: z
      .number()
      .int()
      .min(1, 'A price per gram is at least 1 cent')
      .max(1_000_000, 'At most $10,000 a gram'),
  })
  .strict();
export const metalParams = z.object({ quality: z.enum(METAL_QUALITIES) }).strict();
