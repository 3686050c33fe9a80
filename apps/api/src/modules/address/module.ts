import type { FacetModule } from '../../module-kit.ts';
import { addressRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [addressRoutes] };
