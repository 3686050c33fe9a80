import { orderChangePreview, staffChangeBody } from '../order-changes.ts';
import { z } from 'zod';
import {
  adminDashboard,
  adminOrder,
  adminOrderList,
  adminOrderQuery,
  bulkStatusAnswer,
  bulkStatusBody,
  orderNoteBody,
  orderNumberParams,
  orderStoneParams,
  adminLayawayList,
  supplierAnswer,
  orderRefundBody,
  orderStatusBody,
} from '../admin.ts';

import { orderShipments } from '../shipping.ts';

import { op, idParams, cancelOrderBody } from './shared.ts';

/** Orders, their labels and the dashboard. */
export const ORDERS_OPS = {
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
  'POST /orders/bulk-status': op({ access: 'orders:fulfil', body: bulkStatusBody, answer: bulkStatusAnswer }),
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
  /** A ring's size or metal changed before it is made: the new total first (preview), then made. */
  'POST /orders/:number/changes': op({
    access: 'orders:refund',
    params: orderNumberParams,
    body: staffChangeBody,
    answer: orderChangePreview,
  }),
  /** Every layaway plan: what is paid, what is due next, what is late. */
  'GET /layaway': op({ access: 'orders:read', answer: adminLayawayList }),
  /** A supplier's stone confirmed with its supplier: the last one charges the authorised card. */
  'POST /orders/:number/stones/:stone/confirm': op({
    access: 'orders:cancel',
    params: orderStoneParams,
    answer: supplierAnswer,
  }),
  /** The supplier no longer has the stone: the authorisation is voided and the closest stones e-mailed. */
  'POST /orders/:number/stones/:stone/unavailable': op({
    access: 'orders:cancel',
    params: orderStoneParams,
    answer: supplierAnswer,
  }),
  'POST /orders/:number/refunds': op({
    access: 'orders:refund',
    params: orderNumberParams,
    body: orderRefundBody,
    answer: adminOrder,
  }),
} as const;
