import { isStorePath } from '@facet/contracts/patterns';
import { fillFacts, type StoreFacts } from '@facet/contracts/store-facts';
import type { StoreSettings } from '@facet/contracts/store-settings';
import type { Config } from './config.ts';
import type { StoreInfo } from './modules/mail/index.ts';
import { wordsFor } from './modules/mail-words/index.ts';

/** Where a service reads the store's settings now: this instance's copy, kept current by the database. */
export interface SettingsSource {
  current(): StoreSettings;
}

/** The store's promises, from its settings: the one source for pages, policies, cart and e-mails. */
export function storeFacts(s: StoreSettings, config: Config): StoreFacts {
  const facts: StoreFacts = {
    freeShippingOverCents: s.freeShippingOverCents,
    shipping: s.shipping,
    shippingPricedBy: config.SHIPPING_PROVIDER === 'easypost' ? 'carrier' : 'store',
    signatureOverCents: s.signatureOverCents,
    madeToOrderDays: [s.madeToOrderDays.from, s.madeToOrderDays.to],
    returnDays: s.returnDays,
    freeResizeDays: s.freeResizeDays,
    madeToOrderRestockingPercent: s.restockingPercent,
    openingHours: s.openingHours,
    timezone: config.STORE_TIMEZONE,
    videoOrigins: s.videoOrigins,
    layaway: s.layaway?.on ? { ...s.layaway } : null,
    supplierConfirmHours: s.supplierConfirmHours ?? 48,
    payment:
      config.PAYMENT_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
            holdMinutes: config.PAYMENT_HOLD_MINUTES,
          }
        : { provider: 'test' },
    announcement: null,
  };
  const { on, text, href } = s.announcement;
  // Saved only when every placeholder is known (settings refuses the rest), so this fills cleanly.
  // A link saved before the rule was strict is never drawn as a link to somewhere else.
  if (on && text) facts.announcement = { text: fillFacts(text, facts), href: href && isStorePath(href) ? href : null };
  return facts;
}

/** Who the store is, for e-mails and links: name and contact details (settings), public address (deployment). */
export const storeInfo = (s: StoreSettings, c: Config): StoreInfo => ({
  ...s.store,
  publicUrl: c.PUBLIC_URL.replace(/\/$/, ''),
  // The owner's words for e-mails, read beside these settings (none: the store's own).
  words: wordsFor(s),
});
