import { z } from 'zod';
import { reportQuery, salesReport, tableReport, tableReportParams } from '../reports.ts';
import { op } from './shared.ts';

/** What the business did: sales with margin, its breakdowns, tax, liabilities, stock and searches. */
export const REPORTS_OPS = {
  'GET /reports/sales': op({ access: 'reports:read', query: reportQuery, answer: salesReport }),
  /** Exactly the rows behind the sales report, as CSV. */
  'GET /reports/sales.csv': op({ access: 'reports:read', query: reportQuery, answer: z.string(), file: 'text/csv' }),
  'GET /reports/:report': op({
    access: 'reports:read',
    params: tableReportParams,
    query: reportQuery,
    answer: tableReport,
  }),
  'GET /reports/:report/rows.csv': op({
    access: 'reports:read',
    params: tableReportParams,
    query: reportQuery,
    answer: z.string(),
    file: 'text/csv',
  }),
} as const;
