import type { FacetModule } from '../../module-kit.ts';
import { menuRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [menuRoutes] };
