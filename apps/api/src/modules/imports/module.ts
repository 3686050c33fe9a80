import type { FacetModule } from '../../module-kit.ts';
import { importAdminRoutes } from './routes.ts';
import { startImportWorker } from './worker.ts';
import { startPulls } from './pulls.ts';

export const facetModule: FacetModule = {
  admin: [importAdminRoutes],
  // Feed imports from the queue, and the feeds' scheduled pulls.
  workers: async (app) => {
    await startImportWorker(app, app.jobs);
    return startPulls(app);
  },
};
