import type { FacetModule } from '../../module-kit.ts';
import { reminderAdminRoutes, reminderRoutes } from './routes.ts';
import { startReminderWorker } from './worker.ts';

export const facetModule: FacetModule = {
  routes: [reminderRoutes],
  admin: [reminderAdminRoutes],
  workers: (app) => startReminderWorker(app, app.jobs),
};
