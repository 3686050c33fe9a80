import type { FacetModule } from '../../module-kit.ts';
import { quoteAdminRoutes, quoteRoutes, startDepositSweeper } from './index.ts';

export const facetModule: FacetModule = {
  routes: [quoteRoutes],
  admin: [quoteAdminRoutes],
  // Deposits paid while nobody was on the page are found and accepted (Stripe only).
  start: (app) => startDepositSweeper(app),
};
