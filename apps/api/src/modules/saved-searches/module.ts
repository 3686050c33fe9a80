import type { FacetModule } from '../../module-kit.ts';
import { savedSearchRoutes } from './routes.ts';
import { startSavedSearchWorker } from './worker.ts';

export const facetModule: FacetModule = {
  routes: [savedSearchRoutes],
  workers: (app, { database }) => startSavedSearchWorker(app, app.jobs, database),
};
