import type { FacetModule } from '../../module-kit.ts';
import { healthRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [healthRoutes] };
