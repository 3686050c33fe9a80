import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { TaxProvider } from './provider.ts';

/**
 * Where the ledger reads paid and refunded orders and writes what the tax service answered: the
 * order module's rows, handed in by whoever starts the ledger (this module never reads them).
 */
export interface TaxLedgerSource {
  /** Paid orders whose calculation the service has not recorded yet. */
  toRecord(db: DbOrTx): Promise<Array<{ id: number; number: string; calculation: string }>>;
  recorded(db: DbOrTx, id: number, transaction: string): Promise<unknown>;
  /** Refunded orders whose recorded tax has not all been given back in proportion yet. */
  toReverse(db: DbOrTx): Promise<
    Array<{
      id: number;
      number: string;
      transaction: string;
      taxCents: number;
      reversedCents: number;
      refundedCents: number;
      totalCents: number;
    }>
  >;
  reversed(db: DbOrTx, id: number, cents: number): Promise<unknown>;
}

// What the tax service is told after checkout: a paid order's calculation becomes a transaction (the
// tax the store collected and owes), and refunds give their share of it back. Both are retried until
// the service answers, from any instance (its idempotency keys make a repeat the same call).

/** Records the tax of paid orders; answers how many were recorded. */
export async function recordPaidTax(
  db: DbOrTx,
  tax: TaxProvider,
  log: FastifyBaseLogger,
  orders: TaxLedgerSource,
): Promise<number> {
  let done = 0;
  for (const o of await orders.toRecord(db)) {
    try {
      const transaction = await tax.record(o.calculation, o.number);
      if (transaction) await orders.recorded(db, o.id, transaction);
      done++;
    } catch (err) {
      log.warn({ err, order: o.number }, 'tax: the paid order was not recorded yet; tried again shortly');
    }
  }
  return done;
}

/**
 * The tax of refunds, given back: in proportion to what was refunded of the total (all of it when
 * the whole order was), keyed by the amount reached so a retry is the same reversal.
 */
export async function reverseRefundedTax(
  db: DbOrTx,
  tax: TaxProvider,
  log: FastifyBaseLogger,
  orders: TaxLedgerSource,
): Promise<number> {
  let done = 0;
  for (const o of await orders.toReverse(db)) {
    const target =
      o.refundedCents >= o.totalCents ? o.taxCents : Math.round((o.taxCents * o.refundedCents) / o.totalCents);
    if (target <= o.reversedCents) continue;
    try {
      await tax.reverse(
        o.transaction,
        `${o.number}-tax-${target}`,
        o.reversedCents === 0 && target === o.taxCents ? 'all' : target - o.reversedCents,
      );
      await orders.reversed(db, o.id, target);
      done++;
    } catch (err) {
      log.warn({ err, order: o.number }, 'tax: a refund was not reversed yet; tried again shortly');
    }
  }
  return done;
}

export const TAX_LEDGER_MS = 5_000;

/** Keeps the tax service's ledger in step with paid and refunded orders (only when there is one). */
export function startTaxLedger(
  db: DbOrTx,
  tax: TaxProvider,
  log: FastifyBaseLogger,
  orders: TaxLedgerSource,
): () => void {
  if (tax.name === 'table') return () => {};
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await recordPaidTax(db, tax, log, orders);
      await reverseRefundedTax(db, tax, log, orders);
    } catch (err) {
      log.warn({ err }, 'tax: ledger round failed; tried again shortly');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), TAX_LEDGER_MS);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
