import type { FacetModule } from '../../module-kit.ts';
import { accountRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [accountRoutes] };
