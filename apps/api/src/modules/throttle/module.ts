import type { FacetModule } from '../../module-kit.ts';

export const facetModule: FacetModule = {
  // Expired rate-limit windows are swept from the shared table.
  start: (app) => app.throttle.startSweeper(),
};
