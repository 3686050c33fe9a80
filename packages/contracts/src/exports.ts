import { z } from 'zod';

/** What the owner can take out of the store, whole: each streamed as CSV or JSON lines. */
export const EXPORTS = [
  'orders',
  'customers',
  'products',
  'stones',
  'gift-cards',
  'gift-card-ledger',
  'refunds',
] as const;
export type ExportName = (typeof EXPORTS)[number] | 'audit';
export const exportParams = z.object({ dataset: z.enum(EXPORTS) }).strict();
export const EXPORT_NAMES: Record<ExportName, string> = {
  orders: 'Orders, a row per line',
  customers: 'Customers, with their marketing consent',
  products: 'Products and variants, with cost',
  stones: 'Loose diamonds and notable gemstones',
  'gift-cards': 'Gift cards',
  'gift-card-ledger': 'Gift-card ledger',
  refunds: 'Refunds',
  audit: 'Audit log (the owner’s)',
};
