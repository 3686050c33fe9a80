import type { TaxLedgerSource } from '../tax/index.ts';
import { orderRepository as repo } from './repository.ts';

/** The orders the tax service's ledger follows: paid ones to record, refunded ones to reverse. */
export const orderTaxRecords: TaxLedgerSource = {
  toRecord: (db) => repo.taxToRecord(db),
  recorded: (db, id, transaction) => repo.setTaxTransaction(db, id, transaction),
  toReverse: (db) => repo.taxToReverse(db),
  reversed: (db, id, cents) => repo.setTaxReversed(db, id, cents),
};
