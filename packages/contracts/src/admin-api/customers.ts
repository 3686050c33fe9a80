import { z } from 'zod';
import { adminCustomer, adminCustomerList, customerNoteBody } from '../admin.ts';
import { adminAppointmentsQuery, appointmentSchema, cancelAppointmentBody } from '../appointments.ts';

import { adminLeftCarts } from '../reminders.ts';
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
