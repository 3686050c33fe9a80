import type { FacetModule } from '../../module-kit.ts';
import { catalogRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [catalogRoutes] };
