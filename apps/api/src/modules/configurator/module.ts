import type { FacetModule } from '../../module-kit.ts';
import { configuratorRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [configuratorRoutes] };
