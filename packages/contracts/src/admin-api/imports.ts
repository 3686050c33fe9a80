import { z } from 'zod';
import {
  categoryMappingBody,
  categoryMappingSaved,
  categoryMappings,
  importCreateBody,
  importList,
  importRunSchema,
  supplierFeed,
  supplierPullBody,
} from '../admin-feeds.ts';

import { op, uuidParams, codeParams } from './shared.ts';

/** Supplier feeds and imports. */
export const IMPORTS_OPS = {
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
