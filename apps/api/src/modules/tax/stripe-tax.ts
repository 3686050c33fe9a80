import type Stripe from 'stripe';
import { TaxUnavailable } from './errors.ts';
import type { TaxLine } from '@facet/contracts/commerce';
import type { TaxProvider } from './provider.ts';

/**
 * Stripe's product tax code for what Facet sells. Jewellery has no code of its own at Stripe: it is
 * general tangible goods (txcd_99999999), taxed as such in every state Facet ships to.
 */
export const JEWELLERY_TAX_CODE = 'txcd_99999999';
/** Longer than this and the shopper is told tax cannot be worked out now (nothing is charged). */
export const TAX_TIMEOUT_MS = 3_000;

/** Stripe Tax through the official SDK: a calculation per quote, a transaction once paid, reversals on refunds. */
export function stripeTaxProvider(stripe: Stripe): TaxProvider {
  const call = async <T>(what: string, run: (opts: Stripe.RequestOptions) => Promise<T>): Promise<T> => {
    try {
      return await run({ timeout: TAX_TIMEOUT_MS, maxNetworkRetries: 0 });
    } catch (err) {
      throw new TaxUnavailable(what, err);
    }
  };
  return {
    name: 'stripe',
    needsFullAddress: true,
    async quote({ address, goodsCents, shippingCents }) {
      const c = await call('calculation', (opts) =>
        stripe.tax.calculations.create(
          {
            currency: 'usd',
            line_items: [{ amount: goodsCents, reference: 'merchandise', tax_code: JEWELLERY_TAX_CODE }],
            shipping_cost: { amount: shippingCents },
            customer_details: {
              address: {
                line1: address.line1,
                city: address.city,
                state: address.state,
                postal_code: address.zip,
                country: address.country,
              },
              address_source: 'shipping',
            },
            expand: ['line_items'],
          },
          opts,
        ),
      );
      // Each jurisdiction once, with what it takes of the goods and of shipping together.
      const byPlace = new Map<string, TaxLine>();
      const breakdowns = [
        ...(c.line_items?.data ?? []).flatMap((l) => l.tax_breakdown ?? []),
        ...(c.shipping_cost?.tax_breakdown ?? []),
      ];
      for (const b of breakdowns) {
        if (b.amount <= 0) continue;
        const name = `${b.jurisdiction.display_name} ${b.tax_rate_details?.display_name ?? 'tax'}`.trim();
        const line = byPlace.get(name) ?? {
          name,
          percent: Number(b.tax_rate_details?.percentage_decimal ?? 0),
          cents: 0,
        };
        line.cents += b.amount;
        byPlace.set(name, line);
      }
      return { cents: c.tax_amount_exclusive, lines: [...byPlace.values()], calculation: c.id ?? null };
    },
    async record(calculation, orderNumber) {
      const t = await call('transaction', (opts) =>
        stripe.tax.transactions.createFromCalculation(
          { calculation, reference: orderNumber },
          { ...opts, idempotencyKey: `tax-record-${orderNumber}` },
        ),
      );
      return t.id;
    },
    async reverse(transaction, reference, cents) {
      await call('reversal', (opts) =>
        stripe.tax.transactions.createReversal(
          cents === 'all'
            ? { mode: 'full', original_transaction: transaction, reference }
            : { mode: 'partial', original_transaction: transaction, reference, flat_amount: -cents },
          { ...opts, idempotencyKey: `tax-reverse-${reference}` },
        ),
      );
    },
  };
}
