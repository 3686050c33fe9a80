import type { FacetModule } from '../../module-kit.ts';
import { storeInfo } from '../../store-facts.ts';
import { giftCardAdminRoutes, giftCardRoutes, startGiftCardDelivery, storeToday } from './index.ts';

export const facetModule: FacetModule = {
  routes: [giftCardRoutes],
  admin: [giftCardAdminRoutes],
  // Cards bought for a later day are sent on their day.
  start: (app, { database }) =>
    startGiftCardDelivery(
      database.db,
      () => storeInfo(app.storeSettings.current(), app.config),
      () => storeToday(app.config.STORE_TIMEZONE),
      () => void app.outbox.kick(),
      app.log,
    ),
};
