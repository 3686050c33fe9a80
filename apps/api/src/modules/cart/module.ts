import type { FacetModule } from '../../module-kit.ts';
import { cartRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [cartRoutes] };
