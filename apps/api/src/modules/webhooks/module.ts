import type { FacetModule } from '../../module-kit.ts';
import { webhookAdminRoutes } from './routes.ts';
import { startWebhookSender } from './sender.ts';

export const facetModule: FacetModule = {
  admin: [webhookAdminRoutes],
  // Every instance sends what falls due; a delivery is claimed by one.
  start: (app, { database }) => startWebhookSender(app, database),
};
