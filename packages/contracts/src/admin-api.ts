import { z } from 'zod';
import {
  adminTicket,
  adminTicketList,
  estimateBody,
  newTicketBody,
  TICKET_NUMBER_RE,
  ticketStepBody,
} from './service-tickets.ts';
import {
  adminReturn,
  adminReturnList,
  adminReturnQuery,
  approveReturnBody,
  declineReturnBody,
  exchangeReturnBody,
  inspectReturnBody,
  receiveReturnBody,
  refundReturnBody,
  RETURN_NUMBER_RE,
} from './returns.ts';
import { messageAnswer } from './account.ts';
import {
  ROLES,
  adminCustomer,
  adminCustomerList,
  adminDashboard,
  adminOrder,
  adminOrderList,
  adminOrderQuery,
  auditPage,
  customerNoteBody,
  orderNoteBody,
  orderNumberParams,
  orderRefundBody,
  orderStatusBody,
  staffCreated,
  staffLoginAnswer,
  staffLoginBody,
  staffMe,
  staffSetPasswordBody,
  staffTotpBody,
  totpSetup,
  type Permission,
} from './admin.ts';
import { backupSettings, backupStatus } from './admin-backups.ts';
import {
  adminCategory,
  adminCategoryList,
  categoryMoveBody,
  categoryUpdateBody,
  newCategoryBody,
} from './admin-categories.ts';
import {
  PHOTO_KEY,
  adminDiamond,
  adminPhoto,
  stoneReportAnswer,
  stoneReportQuery,
  adminGem,
  adminMelee,
  adminProduct,
  adminProductList,
  adminProductQuery,
  adminProductUpdate,
  adminStoneRow,
  designOptions,
  handDiamondBody,
  handGemBody,
  meleeBody,
  newDesignBody,
  photoOrderBody,
  versionBody,
} from './admin-catalogue.ts';
import { productDetail } from './catalog.ts';
import { adminHomePage, homePageBody } from './home.ts';
import {
  adminDiscount,
  adminSale,
  adminSales,
  discountBatchBody,
  discountBatchMade,
  discountBody,
  discountUpdateBody,
  saleBody,
  saleUpdateBody,
} from './promotions.ts';
import {
  adminGiftCardDetail,
  adminGiftCards,
  giftAdjustBody,
  giftDisableBody,
  giftIssueBody,
  adminGiftCard,
} from './gift-cards.ts';
import {
  categoryMappingBody,
  categoryMappingSaved,
  categoryMappings,
  importCreateBody,
  importList,
  importRunSchema,
  markupPreview,
  markupRules,
  markupRulesBody,
  markupSaved,
  supplierCodeField,
  supplierFeed,
  supplierPullBody,
} from './admin-feeds.ts';
import { metalRatePreview, metalRateSaved, metalRates } from './admin-pricing.ts';
import { adminAppointmentsQuery, appointmentSchema, cancelAppointmentBody } from './appointments.ts';
import { METAL_QUALITIES } from './metals.ts';
import { storeSettingsAnswer, storeSettingsUpdate } from './store-settings.ts';
import {
  adminContentList,
  adminContentPage,
  contentPageBody,
  contentParams,
  contentPreview,
  contentVisibilityBody,
  contentPreviewBody,
} from './content.ts';

import { orderShipments } from './shipping.ts';

// Every back-office operation in one table: its permission, what it takes (path parameters, query,
// body) and the shape of its answer. The API registers each route from its entry (and a test holds
// the two to each other); the admin pages call it by the same key, so an answer's type is never
// chosen by the caller or written twice.

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
  file?: 'text/csv' | 'image/webp' | 'application/pdf';
}
const op = <const S extends AdminOpSpec>(s: S) => s;

const rowId = z.coerce.number().int().positive().max(2_147_483_647);
const idParams = z.object({ id: rowId }).strict();
const uuidParams = z.object({ id: z.string().uuid() }).strict();
const codeParams = z.object({ code: supplierCodeField }).strict();
const ticketParams = z.object({ number: z.string().regex(TICKET_NUMBER_RE, 'Not a ticket number') }).strict();
const returnParams = z.object({ number: z.string().regex(RETURN_NUMBER_RE, 'Not a return number') }).strict();
const page = z.coerce.number().int().min(1).max(10_000).default(1);

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
    reason: z.string().trim().min(3, 'Say why').max(500),
    refund: z.boolean(),
  })
  .strict();

const stoneReason = z.string().trim().min(3, 'Say why').max(300);
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
const metalParams = z.object({ quality: z.enum(METAL_QUALITIES) }).strict();

export const ADMIN_API = {
  // Signing in, and one's own account.
  'POST /auth/login': op({ access: 'public', body: staffLoginBody, answer: staffLoginAnswer }),
  'POST /auth/totp': op({ access: 'password-only', body: staffTotpBody, answer: staffMe }),
  'POST /auth/set-password': op({ access: 'public', body: staffSetPasswordBody, answer: messageAnswer }),
  'GET /auth/me': op({ access: 'signed-in', answer: staffMe }),
  'POST /auth/logout': op({ access: 'password-only', answer: messageAnswer }),
  'POST /auth/logout-all': op({ access: 'signed-in', answer: messageAnswer }),
  'POST /auth/totp/setup': op({ access: 'signed-in', answer: totpSetup }),
  'POST /auth/totp/enable': op({ access: 'signed-in', body: staffTotpBody, answer: messageAnswer }),
  // Staff and store settings.
  'GET /staff': op({ access: 'staff:manage', answer: z.array(staffMe) }),
  'POST /staff': op({ access: 'staff:manage', body: addStaffBody, answer: staffCreated }),
  'PUT /settings/require-totp': op({
    access: 'settings:manage',
    body: z.object({ required: z.boolean() }).strict(),
    answer: messageAnswer,
  }),
  'GET /settings': op({ access: 'settings:manage', answer: storeSettingsAnswer }),
  'PUT /settings': op({ access: 'settings:manage', body: storeSettingsUpdate, answer: storeSettingsAnswer }),
  // Pages and words.
  'GET /content': op({ access: 'content:write', answer: adminContentList }),
  'GET /content/home': op({ access: 'content:write', answer: adminHomePage }),
  'PUT /content/home': op({ access: 'content:write', body: homePageBody, answer: adminHomePage }),
  'GET /content/:kind/:slug': op({ access: 'content:write', params: contentParams, answer: adminContentPage }),
  'PUT /content/:kind/:slug': op({
    access: 'content:write',
    params: contentParams,
    body: contentPageBody,
    answer: adminContentPage,
  }),
  'POST /content/:kind/:slug/visibility': op({
    access: 'content:write',
    params: contentParams,
    body: contentVisibilityBody,
    answer: adminContentPage,
  }),
  /** A post written in the back office, gone for good (one the store shipped with can only be hidden). */
  'DELETE /content/:kind/:slug': op({
    access: 'content:write',
    params: contentParams,
    query: z.object({ version: z.coerce.number().int().min(1) }).strict(),
    answer: z.null(),
    status: 204,
  }),
  'POST /content/preview': op({ access: 'content:write', body: contentPreviewBody, answer: contentPreview }),
  'GET /audit': op({ access: 'audit:read', query: auditQuery, answer: auditPage }),
  'GET /backups': op({ access: 'settings:manage', answer: backupStatus }),
  'PUT /backups/settings': op({ access: 'settings:manage', body: backupSettings, answer: backupStatus }),
  'POST /backups': op({ access: 'settings:manage', answer: backupStatus }),
  // Orders.
  'GET /dashboard': op({ access: 'dashboard:read', answer: adminDashboard }),
  'GET /orders': op({ access: 'orders:read', query: adminOrderQuery, answer: adminOrderList }),
  'GET /orders.csv': op({
    access: 'orders:read',
    query: adminOrderQuery.omit({ page: true, pageSize: true }),
    answer: z.string(),
    file: 'text/csv',
  }),
  'GET /orders/:number': op({ access: 'orders:read', params: orderNumberParams, answer: adminOrder }),
  'POST /orders/:number/status': op({
    access: 'orders:fulfil',
    params: orderNumberParams,
    body: orderStatusBody,
    answer: adminOrder,
  }),
  'GET /orders/:number/shipments': op({ access: 'orders:read', params: orderNumberParams, answer: orderShipments }),
  /** Buys the order's insured label from the carrier service (again: the label it has). */
  'POST /orders/:number/label': op({
    access: 'orders:fulfil',
    params: orderNumberParams,
    answer: orderShipments,
  }),
  'GET /shipments/:id/label.pdf': op({
    access: 'orders:read',
    params: idParams,
    answer: z.null(),
    file: 'application/pdf',
  }),
  'POST /orders/:number/cancel': op({
    access: 'orders:cancel',
    params: orderNumberParams,
    body: cancelOrderBody,
    answer: adminOrder,
  }),
  'POST /orders/:number/notes': op({
    access: 'orders:note',
    params: orderNumberParams,
    body: orderNoteBody,
    answer: adminOrder,
  }),
  'POST /orders/:number/resend-confirmation': op({
    access: 'orders:mail',
    params: orderNumberParams,
    answer: adminOrder,
  }),
  'POST /orders/:number/refunds': op({
    access: 'orders:refund',
    params: orderNumberParams,
    body: orderRefundBody,
    answer: adminOrder,
  }),
  // Customers and appointments.
  'GET /customers': op({ access: 'customers:read', query: customerQuery, answer: adminCustomerList }),
  'GET /customers/:id': op({ access: 'customers:read', params: idParams, answer: adminCustomer }),
  'POST /customers/:id/notes': op({
    access: 'customers:note',
    params: idParams,
    body: customerNoteBody,
    answer: adminCustomer,
  }),
  'GET /appointments': op({
    access: 'appointments:manage',
    query: adminAppointmentsQuery,
    answer: z.array(appointmentSchema),
  }),
  'POST /appointments/:id/confirm': op({ access: 'appointments:manage', params: idParams, answer: appointmentSchema }),
  'POST /appointments/:id/cancel': op({
    access: 'appointments:manage',
    params: idParams,
    body: cancelAppointmentBody,
    answer: appointmentSchema,
  }),
  // Catalogue: designs, their photographs, loose stones.
  'GET /products': op({ access: 'catalogue:write', query: adminProductQuery, answer: adminProductList }),
  'GET /products/:id': op({ access: 'catalogue:write', params: idParams, answer: adminProduct }),
  'GET /design-options': op({ access: 'catalogue:write', answer: designOptions }),
  'POST /products': op({ access: 'catalogue:write', body: newDesignBody, answer: adminProduct, status: 201 }),
  'POST /products/:id/duplicate': op({
    access: 'catalogue:write',
    params: idParams,
    answer: adminProduct,
    status: 201,
  }),
  /** Off the storefront for good: listings, search, sitemap; its page answers 410. */
  'POST /products/:id/archive': op({
    access: 'catalogue:write',
    params: idParams,
    body: versionBody,
    answer: adminProduct,
  }),
  /** Back from the archive as a draft, to be checked and published again. */
  'POST /products/:id/restore': op({
    access: 'catalogue:write',
    params: idParams,
    body: versionBody,
    answer: adminProduct,
  }),
  /** The product page as a shopper will see it, drafts included. */
  'GET /products/:id/preview': op({ access: 'catalogue:write', params: idParams, answer: productDetail }),
  'PATCH /products/:id': op({
    access: 'catalogue:write',
    params: idParams,
    body: adminProductUpdate,
    answer: adminProduct,
  }),
  /** Multipart: one `photo` file and an optional `alt` text (read by the route, not a JSON body). */
  'POST /products/:id/photos': op({ access: 'catalogue:write', params: idParams, answer: adminProduct }),
  'PUT /products/:id/photos': op({
    access: 'catalogue:write',
    params: idParams,
    body: photoOrderBody,
    answer: adminProduct,
  }),
  'DELETE /products/:id/photos/:key': op({
    access: 'catalogue:write',
    params: idParams.extend({ key: z.string().regex(PHOTO_KEY) }).strict(),
    answer: adminProduct,
  }),
  'GET /categories': op({ access: 'catalogue:write', answer: adminCategoryList }),
  'POST /categories': op({ access: 'catalogue:write', body: newCategoryBody, answer: adminCategory, status: 201 }),
  'PATCH /categories/:id': op({
    access: 'catalogue:write',
    params: idParams,
    body: categoryUpdateBody,
    answer: adminCategory,
  }),
  /** One place up or down among its siblings (and its menu links with it). */
  'POST /categories/:id/move': op({
    access: 'catalogue:write',
    params: idParams,
    body: categoryMoveBody,
    answer: adminCategoryList,
  }),
  // Promotions.
  'GET /discounts': op({ access: 'promotions:manage', answer: z.array(adminDiscount) }),
  'POST /discounts': op({ access: 'promotions:manage', body: discountBody, answer: adminDiscount, status: 201 }),
  'POST /discounts/batch': op({
    access: 'promotions:manage',
    body: discountBatchBody,
    answer: discountBatchMade,
    status: 201,
  }),
  'GET /discounts/batches/:batch/codes.csv': op({
    access: 'promotions:manage',
    params: z.object({ batch: z.string().uuid() }).strict(),
    answer: z.string(),
    file: 'text/csv',
  }),
  'PUT /discounts/:id': op({
    access: 'promotions:manage',
    params: idParams,
    body: discountUpdateBody,
    answer: adminDiscount,
  }),
  'GET /gift-cards': op({
    access: 'giftcards:manage',
    query: z.object({ q: z.string().trim().max(80).optional() }).strict(),
    answer: adminGiftCards,
  }),
  'GET /gift-cards/:id': op({ access: 'giftcards:manage', params: idParams, answer: adminGiftCardDetail }),
  'POST /gift-cards': op({ access: 'giftcards:manage', body: giftIssueBody, answer: adminGiftCard, status: 201 }),
  'POST /gift-cards/:id/adjust': op({
    access: 'giftcards:manage',
    params: idParams,
    body: giftAdjustBody,
    answer: adminGiftCardDetail,
  }),
  'POST /gift-cards/:id/disable': op({
    access: 'giftcards:manage',
    params: idParams,
    body: giftDisableBody,
    answer: adminGiftCardDetail,
  }),
  'GET /returns': op({ access: 'returns:manage', query: adminReturnQuery, answer: adminReturnList }),
  'GET /returns/:number/photos/:file': op({
    access: 'returns:manage',
    params: z
      .object({
        number: z.string().regex(RETURN_NUMBER_RE, 'Not a return number'),
        file: z.string().regex(/^[A-Za-z0-9_-]{16}-(small|large)\.webp$/, 'Not a photograph'),
      })
      .strict(),
    answer: z.string(),
    file: 'image/webp',
  }),
  'GET /returns/:number': op({ access: 'returns:manage', params: returnParams, answer: adminReturn }),
  'POST /returns/:number/approve': op({
    access: 'returns:manage',
    params: returnParams,
    body: approveReturnBody,
    answer: adminReturn,
  }),
  'POST /returns/:number/decline': op({
    access: 'returns:manage',
    params: returnParams,
    body: declineReturnBody,
    answer: adminReturn,
  }),
  'POST /returns/:number/receive': op({
    access: 'returns:manage',
    params: returnParams,
    body: receiveReturnBody,
    answer: adminReturn,
  }),
  'POST /returns/:number/inspect': op({
    access: 'returns:manage',
    params: returnParams,
    body: inspectReturnBody,
    answer: adminReturn,
  }),
  'POST /returns/:number/refund': op({
    access: 'returns:manage',
    params: returnParams,
    body: refundReturnBody,
    answer: adminReturn,
  }),
  'POST /returns/:number/exchange': op({
    access: 'returns:manage',
    params: returnParams,
    body: exchangeReturnBody,
    answer: adminReturn,
  }),
  'GET /service-tickets': op({ access: 'service:manage', answer: adminTicketList }),
  'GET /service-tickets/:number': op({ access: 'service:manage', params: ticketParams, answer: adminTicket }),
  'POST /service-tickets': op({ access: 'service:manage', body: newTicketBody, answer: adminTicket, status: 201 }),
  'POST /service-tickets/:number/estimate': op({
    access: 'service:manage',
    params: ticketParams,
    body: estimateBody,
    answer: adminTicket,
  }),
  'POST /service-tickets/:number/photos': op({ access: 'service:manage', params: ticketParams, answer: adminTicket }),
  'GET /service-tickets/:number/photos/:file': op({
    access: 'service:manage',
    params: z
      .object({
        number: z.string().regex(TICKET_NUMBER_RE, 'Not a ticket number'),
        file: z.string().regex(/^[A-Za-z0-9_-]{16}-(small|large)\.webp$/, 'Not a photograph'),
      })
      .strict(),
    answer: z.string(),
    file: 'image/webp',
  }),
  'POST /service-tickets/:number/advance': op({
    access: 'service:manage',
    params: ticketParams,
    body: ticketStepBody,
    answer: adminTicket,
  }),
  'GET /sales': op({ access: 'promotions:manage', answer: adminSales }),
  'POST /sales': op({ access: 'promotions:manage', body: saleBody, answer: adminSale, status: 201 }),
  'PUT /sales/:id': op({ access: 'promotions:manage', params: idParams, body: saleUpdateBody, answer: adminSale }),
  'GET /stones': op({
    access: 'catalogue:write',
    query: z.object({ q: z.string().trim().max(60).optional() }).strict(),
    answer: z.array(adminStoneRow),
  }),
  'POST /stones/diamonds': op({ access: 'catalogue:write', body: handDiamondBody, answer: adminDiamond, status: 201 }),
  'GET /stones/diamonds/:id': op({ access: 'catalogue:write', params: idParams, answer: adminDiamond }),
  'PUT /stones/diamonds/:id': op({
    access: 'catalogue:write',
    params: idParams,
    body: z.object({ version: z.string().max(40), stone: handDiamondBody }).strict(),
    answer: adminDiamond,
  }),
  /** The form's choices for a new gemstone (its `id` 0). */
  'GET /stones/gemstones/new': op({ access: 'catalogue:write', answer: adminGem }),
  'POST /stones/gemstones': op({ access: 'catalogue:write', body: handGemBody, answer: adminGem, status: 201 }),
  'GET /stones/gemstones/:id': op({ access: 'catalogue:write', params: idParams, answer: adminGem }),
  'PUT /stones/gemstones/:id': op({
    access: 'catalogue:write',
    params: idParams,
    body: z.object({ version: z.number().int().min(1), stone: handGemBody }).strict(),
    answer: adminGem,
  }),
  'GET /melee': op({ access: 'catalogue:write', answer: z.array(adminMelee) }),
  'POST /melee': op({ access: 'catalogue:write', body: meleeBody, answer: adminMelee, status: 201 }),
  'PUT /melee/:id': op({
    access: 'catalogue:write',
    params: idParams,
    body: z.object({ version: z.number().int().min(1), parcel: meleeBody }).strict(),
    answer: adminMelee,
  }),
  /** Multipart: one `photo` file and an optional `alt` text; answers the stone's photographs. */
  'POST /stones/:kind/:id/photos': op({
    access: 'catalogue:write',
    params: z.object({ kind: z.enum(['diamond', 'gemstone']), id: rowId }).strict(),
    answer: z.array(adminPhoto),
  }),
  'DELETE /stones/:kind/:id/photos/:key': op({
    access: 'catalogue:write',
    params: z.object({ kind: z.enum(['diamond', 'gemstone']), id: rowId, key: z.string().regex(PHOTO_KEY) }).strict(),
    answer: z.array(adminPhoto),
  }),
  'GET /stones/:kind/:id/report': op({
    access: 'catalogue:write',
    params: z.object({ kind: z.enum(['diamond', 'gemstone']), id: rowId }).strict(),
    answer: stoneReportAnswer,
  }),
  'PUT /stones/:kind/:id/report': op({
    access: 'catalogue:write',
    params: z.object({ kind: z.enum(['diamond', 'gemstone']), id: rowId }).strict(),
    query: stoneReportQuery,
    answer: stoneReportAnswer,
  }),
  'DELETE /stones/:kind/:id/report': op({
    access: 'catalogue:write',
    params: z.object({ kind: z.enum(['diamond', 'gemstone']), id: rowId }).strict(),
    answer: stoneReportAnswer,
  }),
  'POST /stones/:kind/:id': op({
    access: 'catalogue:write',
    params: z.object({ kind: z.enum(['diamond', 'gemstone']), id: rowId }).strict(),
    body: stoneChangeBody,
    answer: adminStoneRow,
  }),
  // Prices.
  'GET /metal-rates': op({ access: 'prices:write', answer: metalRates }),
  'POST /metal-rates/:quality/preview': op({
    access: 'prices:write',
    params: metalParams,
    body: metalRateBody,
    answer: metalRatePreview,
  }),
  'PUT /metal-rates/:quality': op({
    access: 'prices:write',
    params: metalParams,
    body: metalRateBody,
    answer: metalRateSaved,
  }),
  'GET /markup-rules': op({ access: 'prices:write', answer: markupRules }),
  'POST /markup-rules/preview': op({ access: 'prices:write', body: markupRulesBody, answer: markupPreview }),
  'PUT /markup-rules': op({ access: 'prices:write', body: markupRulesBody, answer: markupSaved }),
  // Supplier feeds.
  'GET /imports': op({
    access: 'imports:run',
    query: z.object({ before: z.iso.datetime({ offset: true }).optional() }).strict(),
    answer: importList,
  }),
  'GET /imports/:id': op({ access: 'imports:run', params: uuidParams, answer: importRunSchema }),
  'GET /imports/:id/errors.csv': op({
    access: 'imports:run',
    params: uuidParams,
    answer: z.string(),
    file: 'text/csv',
  }),
  'POST /imports': op({ access: 'imports:run', body: importCreateBody, answer: importRunSchema, status: 201 }),
  /** Raw bytes (application/octet-stream), one piece of the file. */
  'PUT /imports/:id/pieces/:seq': op({
    access: 'imports:run',
    params: uuidParams.extend({ seq: z.coerce.number().int().min(0).max(100_000) }).strict(),
    answer: z.null(),
    status: 204,
  }),
  'POST /imports/:id/start': op({ access: 'imports:run', params: uuidParams, answer: importRunSchema, status: 202 }),
  'DELETE /imports/:id': op({ access: 'imports:run', params: uuidParams, answer: importRunSchema }),
  'POST /imports/:id/apply': op({ access: 'imports:run', params: uuidParams, answer: importRunSchema, status: 202 }),
  'GET /suppliers': op({ access: 'imports:run', answer: z.array(supplierFeed) }),
  'PUT /suppliers/:code/pull': op({
    access: 'imports:run',
    params: codeParams,
    body: supplierPullBody,
    answer: supplierFeed,
  }),
  'GET /supplier-categories': op({ access: 'imports:run', answer: categoryMappings }),
  'PUT /suppliers/:code/categories': op({
    access: 'imports:run',
    params: codeParams,
    body: categoryMappingBody,
    answer: categoryMappingSaved,
  }),
  'POST /suppliers/:code/pull-now': op({ access: 'imports:run', params: codeParams, answer: z.null(), status: 202 }),
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
