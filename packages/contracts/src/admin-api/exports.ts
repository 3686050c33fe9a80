import { z } from 'zod';
import { exportParams } from '../exports.ts';
import { op } from './shared.ts';

/** Everything, streamed out for an accountant or another tool; the audit log only to those who may read it. */
export const EXPORTS_OPS = {
  'GET /exports/:dataset/csv': op({
    access: 'reports:read',
    params: exportParams,
    answer: z.string(),
    file: 'text/csv',
  }),
  'GET /exports/:dataset/jsonl': op({
    access: 'reports:read',
    params: exportParams,
    answer: z.string(),
    file: 'application/x-ndjson',
  }),
  'GET /exports/audit/csv': op({ access: 'audit:read', answer: z.string(), file: 'text/csv' }),
  'GET /exports/audit/jsonl': op({ access: 'audit:read', answer: z.string(), file: 'application/x-ndjson' }),
} as const;
