import type { FacetModule } from '../../module-kit.ts';
import { addressCheckRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [addressCheckRoutes] };
