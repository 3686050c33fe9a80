// The module's public face: sales tax from the store's table or from a tax service (TAX_PROVIDER).
export { tableTaxLine, tableTaxProvider, type TaxAddress, type TaxProvider } from './provider.ts';
export { stripeTaxProvider } from './stripe-tax.ts';
export { startTaxLedger, type TaxLedgerSource } from './ledger.ts';
