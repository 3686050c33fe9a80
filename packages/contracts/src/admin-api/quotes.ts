import { z } from 'zod';
import {
  adminQuote,
  adminQuoteList,
  newQuoteBody,
  QUOTE_NUMBER_RE,
  quoteActionBody,
  quoteFileQuery,
  quoteVersionBody,
} from '../quotes.ts';
import { op, rowId } from './shared.ts';

const quoteParams = z.object({ number: z.string().regex(QUOTE_NUMBER_RE, 'Not a quote number') }).strict();

const fileParams = z.object({ number: z.string().regex(QUOTE_NUMBER_RE, 'Not a quote number'), id: rowId }).strict();

/** Commissions: quotes with versions, deposits and held stones. */
export const QUOTES_OPS = {
  'GET /quotes': op({ access: 'quotes:manage', answer: adminQuoteList }),
  'GET /quotes/:number': op({ access: 'quotes:manage', params: quoteParams, answer: adminQuote }),
  'POST /quotes': op({ access: 'quotes:manage', body: newQuoteBody, answer: adminQuote, status: 201 }),
  /** Every change is a new version (a sent quote's customer is e-mailed it). */
  'POST /quotes/:number/versions': op({
    access: 'quotes:manage',
    params: quoteParams,
    body: quoteVersionBody,
    answer: adminQuote,
  }),
  'POST /quotes/:number/action': op({
    access: 'quotes:manage',
    params: quoteParams,
    body: quoteActionBody,
    answer: adminQuote,
  }),
  /** A sketch or CAD rendering (an image, kept as WebP) or a PDF, sent as the file itself. */
  'POST /quotes/:number/files': op({
    access: 'quotes:manage',
    params: quoteParams,
    query: quoteFileQuery,
    answer: adminQuote,
  }),
  'DELETE /quotes/:number/files/:id': op({
    access: 'quotes:manage',
    params: fileParams,
    answer: adminQuote,
  }),
  'GET /quotes/:number/images/:id': op({
    access: 'quotes:manage',
    params: fileParams,
    answer: z.string(),
    file: 'image/webp',
  }),
  'GET /quotes/:number/documents/:id': op({
    access: 'quotes:manage',
    params: fileParams,
    answer: z.string(),
    file: 'application/pdf',
  }),
} as const;
