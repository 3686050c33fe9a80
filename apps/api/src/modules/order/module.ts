import type { FacetModule } from '../../module-kit.ts';
import { orderRoutes } from './routes.ts';
import { orderAdminRoutes } from './admin-routes.ts';
import { paymentRoutes, paymentStatusRoutes, startPaymentSweeper } from './payment-routes.ts';
import { startTaxLedger } from '../tax/index.ts';
import { orderTaxRecords } from './tax-ledger.ts';
import { startPlanSweeper } from './plan-sweeper.ts';

export const facetModule: FacetModule = {
  routes: [orderRoutes, paymentStatusRoutes, paymentRoutes],
  admin: [orderAdminRoutes],
  // Lapsed payments expire and paid ones are reconciled; paid orders' tax is recorded with the tax service.
  start: (app, { database }) => {
    const stopPayments = startPaymentSweeper(app);
    const stopLedger = startTaxLedger(database.db, app.tax, app.log, orderTaxRecords);
    const stopPlans = startPlanSweeper(app);
    return () => {
      stopPlans();
      stopPayments();
      stopLedger();
    };
  },
};
