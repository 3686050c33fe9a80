// Every back-office operation in one table, written by area (admin-api/<area>.ts) and merged here:
// its permission, what it takes (path parameters, query, body) and the shape of its answer. The API
// registers each route from its entry (and a test holds the two to each other); the admin pages call
// it by the same key, so an answer's type is never chosen by the caller or written twice.
import type { z } from 'zod';
import { ACCOUNT_OPS } from './admin-api/account.ts';
import { STAFF_OPS } from './admin-api/staff.ts';
import { CONTENT_OPS } from './admin-api/content.ts';
import { ORDERS_OPS } from './admin-api/orders.ts';
import { RETURNS_OPS } from './admin-api/returns.ts';
import { SERVICE_OPS } from './admin-api/service.ts';
import { CUSTOMERS_OPS } from './admin-api/customers.ts';
import { CATALOGUE_OPS } from './admin-api/catalogue.ts';
import { PROMOTIONS_OPS } from './admin-api/promotions.ts';
import { PRICING_OPS } from './admin-api/pricing.ts';
import { IMPORTS_OPS } from './admin-api/imports.ts';
import { MAIL_WORDS_OPS } from './admin-api/mail-words.ts';
import { QUOTES_OPS } from './admin-api/quotes.ts';
import { WEBHOOKS_OPS } from './admin-api/webhooks.ts';
import { REPORTS_OPS } from './admin-api/reports.ts';
import { EXPORTS_OPS } from './admin-api/exports.ts';
export type { AdminAccess, AdminOpSpec } from './admin-api/shared.ts';

export const ADMIN_API = {
  ...ACCOUNT_OPS,
  ...STAFF_OPS,
  ...CONTENT_OPS,
  ...ORDERS_OPS,
  ...RETURNS_OPS,
  ...SERVICE_OPS,
  ...CUSTOMERS_OPS,
  ...CATALOGUE_OPS,
  ...PROMOTIONS_OPS,
  ...PRICING_OPS,
  ...IMPORTS_OPS,
  ...MAIL_WORDS_OPS,
  ...QUOTES_OPS,
  ...WEBHOOKS_OPS,
  ...REPORTS_OPS,
  ...EXPORTS_OPS,
} as const;

export type AdminOp = keyof typeof ADMIN_API;
type Spec<K extends AdminOp> = (typeof ADMIN_API)[K];
/** What an operation answers (`data`). */
export type AdminAnswer<K extends AdminOp> = z.output<Spec<K>['answer']>;
/** The JSON body an operation takes, as the page sends it. */
export type AdminBody<K extends AdminOp> = Spec<K> extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** The query an operation reads. */
export type AdminQuery<K extends AdminOp> = Spec<K> extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
type Names<P extends string> = P extends `${string}:${infer N}/${infer R}`
  ? N | Names<R>
  : P extends `${string}:${infer N}`
    ? N
    : never;
/** The path's `:names`, each a string or number. */
export type AdminParams<K extends AdminOp> = { [N in Names<K>]: string | number };

/** The path of an operation with its parameters filled in: `GET /customers/:id` → `/customers/7`. */
export function adminPath<K extends AdminOp>(key: K, params: AdminParams<K>): string {
  const path = key.slice(key.indexOf(' ') + 1);
  return path.replace(/:([a-z]+)/gi, (_, n: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[n])),
  );
}
