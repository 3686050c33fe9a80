import { z } from 'zod';
import {
  adminCategory,
  adminCategoryList,
  categoryMoveBody,
  categoryUpdateBody,
  newCategoryBody,
} from '../admin-categories.ts';
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
  photoDetailsBody,
  stonePlacesBody,
  finishedPieceBody,
  versionBody,
  categoryArrangement,
  categoryArrangementBody,
} from '../admin-catalogue.ts';
import { productDetail } from '../catalog.ts';

import { op, rowId, idParams, stoneChangeBody } from './shared.ts';

/** The catalogue: designs, their photographs, categories, loose stones and melee. */
export const CATALOGUE_OPS = {
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
  /** A setting made up and kept in the case: a new draft design of its own, sold as it is, on hand. */
  'POST /products/:id/finished-piece': op({
    access: 'catalogue:write',
    params: idParams,
    body: finishedPieceBody,
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
  /**
   * Multipart: one `photo` file, an optional `alt` text and an optional `metal` it shows (read by the
   * route, not a JSON body).
   */
  'POST /products/:id/photos': op({ access: 'catalogue:write', params: idParams, answer: adminProduct }),
  /** A setting's stone places changed (priced again at once; orders keep what they were sold with). */
  'PUT /products/:id/stone-places': op({
    access: 'catalogue:write',
    params: idParams,
    body: stonePlacesBody,
    answer: adminProduct,
  }),
  'PATCH /products/:id/photos/:key': op({
    access: 'catalogue:write',
    params: idParams.extend({ key: z.string().regex(PHOTO_KEY) }).strict(),
    body: photoDetailsBody,
    answer: adminProduct,
  }),
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
  'GET /categories/:id/arrangement': op({ access: 'catalogue:write', params: idParams, answer: categoryArrangement }),
  'PUT /categories/:id/arrangement': op({
    access: 'catalogue:write',
    params: idParams,
    body: categoryArrangementBody,
    answer: categoryArrangement,
  }),
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
} as const;
