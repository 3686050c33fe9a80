import type { FacetModule } from '../../module-kit.ts';
import { inventoryAdminRoutes, stoneReportRoutes } from './routes.ts';
import { startHoldSweeper } from './service.ts';

export const facetModule: FacetModule = {
  routes: [stoneReportRoutes],
  admin: [inventoryAdminRoutes],
  // Holds whose time is up go back on sale.
  start: (app, { database }) => startHoldSweeper(database.db, app.log),
};
