import type { FacetModule } from '../../module-kit.ts';
import { startStoneMediaWorker } from './worker.ts';

export const facetModule: FacetModule = { workers: (app) => startStoneMediaWorker(app, app.jobs) };
