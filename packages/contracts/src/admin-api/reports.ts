import { z } from 'zod';
import { reportQuery, salesReport } from '../reports.ts';
import { op } from './shared.ts';

/** What the business did: sales with margin (more reports join here). */
export const REPORTS_OPS = {
  'GET /reports/sales': op({ access: 'reports:read', query: reportQuery, answer: salesReport }),
  /** Exactly the rows behind the sales report, as CSV. */
  'GET /reports/sales.csv': op({ access: 'reports:read', query: reportQuery, answer: z.string(), file: 'text/csv' }),
} as const;
