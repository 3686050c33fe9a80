import { z } from 'zod';
import { adminCustomer, adminCustomerList, customerNoteBody } from '../admin.ts';
import { adminAppointmentsQuery, appointmentSchema, cancelAppointmentBody } from '../appointments.ts';

import { adminLeftCarts } from '../reminders.ts';
import { customerRecord, customerRecordOut } from '../customer-record.ts';
import { adminSegment, segmentBody, segmentFilter, segmentPreview } from '../segments.ts';
import { op, idParams, customerQuery } from './shared.ts';

/** Customers and appointments. */
export const CUSTOMERS_OPS = {
  'GET /customers': op({ access: 'customers:read', query: customerQuery, answer: adminCustomerList }),
  'GET /customers/:id': op({ access: 'customers:read', params: idParams, answer: adminCustomer }),
  'POST /customers/:id/notes': op({
    access: 'customers:note',
    params: idParams,
    body: customerNoteBody,
    answer: adminCustomer,
  }),
  /** Carts left with something in them, the reminders sent and the carts they brought back. */
  'GET /left-carts': op({ access: 'customers:read', answer: adminLeftCarts }),
  /** The customer's ring sizes, partner and dates, corrected by staff (audited before → after). */
  'PUT /customers/:id/record': op({
    access: 'customers:note',
    params: idParams,
    body: customerRecord,
    answer: customerRecordOut,
  }),
  /** Saved filters over customers, each with how many it finds now. */
  'GET /segments': op({ access: 'customers:read', answer: z.array(adminSegment) }),
  /** What a filter finds, before it is saved. */
  'POST /segments/preview': op({
    access: 'customers:read',
    body: z.object({ filter: segmentFilter }).strict(),
    answer: segmentPreview,
  }),
  'POST /segments': op({ access: 'customers:note', body: segmentBody, answer: adminSegment }),
  'PUT /segments/:id': op({ access: 'customers:note', params: idParams, body: segmentBody, answer: adminSegment }),
  'DELETE /segments/:id': op({
    access: 'customers:note',
    params: idParams,
    answer: z.object({ deleted: z.boolean() }),
  }),
  /** Every customer the segment finds (e-mail, name, phone, orders, spent, consent), as CSV. */
  'GET /segments/:id/customers.csv': op({
    access: 'customers:read',
    params: idParams,
    answer: z.string(),
    file: 'text/csv',
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
} as const;
