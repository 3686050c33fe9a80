import { z } from 'zod';
import {
  adminTicket,
  adminTicketList,
  estimateBody,
  newTicketBody,
  TICKET_NUMBER_RE,
  ticketStepBody,
} from '../service-tickets.ts';

import { op, ticketParams } from './shared.ts';

/** Repairs and resizes (service tickets). */
export const SERVICE_OPS = {
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
} as const;
