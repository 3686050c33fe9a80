import type { FacetModule } from '../../module-kit.ts';
import { backupAdminRoutes, backupControlRoutes } from './routes.ts';
import { startBackupWorker } from './worker.ts';

export const facetModule: FacetModule = {
  // The embedded store's answer to `npm run backup` while it runs.
  routes: [async (api) => api.register(backupControlRoutes(api.controlToken))],
  admin: [backupAdminRoutes],
  workers: (app) => startBackupWorker(app, app.jobs),
};
