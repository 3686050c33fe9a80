import { z } from 'zod';
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
} from '../promotions.ts';
import {
  adminGiftCardDetail,
  adminGiftCards,
  giftAdjustBody,
  giftDisableBody,
  giftIssueBody,
  adminGiftCard,
} from '../gift-cards.ts';

import { op, idParams } from './shared.ts';

/** Promotions: codes, sales and gift cards. */
export const PROMOTIONS_OPS = {
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
  'GET /sales': op({ access: 'promotions:manage', answer: adminSales }),
  'POST /sales': op({ access: 'promotions:manage', body: saleBody, answer: adminSale, status: 201 }),
  'PUT /sales/:id': op({ access: 'promotions:manage', params: idParams, body: saleUpdateBody, answer: adminSale }),
} as const;
