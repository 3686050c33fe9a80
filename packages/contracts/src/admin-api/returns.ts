import { z } from 'zod';
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
  staffOrderReturns,
} from '../returns.ts';
import { orderNumberParams } from '../admin.ts';

import { op, returnParams } from './shared.ts';

/** Returns and exchanges. */
export const RETURNS_OPS = {
  'GET /orders/:number/returns': op({ access: 'orders:read', params: orderNumberParams, answer: staffOrderReturns }),
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
} as const;
