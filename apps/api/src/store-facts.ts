import type { StoreFacts } from '@facet/contracts/store-facts';
import type { Config } from './config.ts';
import type { StoreInfo } from './modules/mail/index.ts';

const LABELS = { standard: 'Insured standard', express: 'Insured express', overnight: 'Insured overnight' } as const;

/** The store's promises, from configuration: the one source for pages, policies, cart and e-mails. */
export function storeFacts(config: Config): StoreFacts {
  const [standard, express, overnight] = config.SHIPPING_CENTS.split(',').map(Number) as [number, number, number];
  const [standardDays, expressDays, overnightDays] = config.SHIPPING_DAYS.split('|') as [string, string, string];
  const [from, to] = config.MADE_TO_ORDER_DAYS.split('-').map(Number) as [number, number];
  return {
    freeShippingOverCents: config.FREE_SHIPPING_OVER_CENTS,
    shipping: {
      standard: { label: LABELS.standard, days: standardDays, cents: standard },
      express: { label: LABELS.express, days: expressDays, cents: express },
      overnight: { label: LABELS.overnight, days: overnightDays, cents: overnight },
    },
    madeToOrderDays: [from, to],
    returnDays: config.RETURN_DAYS,
    madeToOrderRestockingPercent: config.MADE_TO_ORDER_RESTOCKING_PERCENT,
    payment:
      config.PAYMENT_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
            holdMinutes: config.PAYMENT_HOLD_MINUTES,
          }
        : { provider: 'test' },
  };
}

/** Who the store is, for e-mails and links: name, contact details and public address. */
export const storeInfo = (c: Config): StoreInfo => ({
  name: c.STORE_NAME,
  email: c.STORE_EMAIL,
  phone: c.STORE_PHONE,
  address: c.STORE_ADDRESS,
  publicUrl: c.PUBLIC_URL.replace(/\/$/, ''),
});
