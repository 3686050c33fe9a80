import type { FacetModule } from '../../module-kit.ts';
import { unsubscribeRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [unsubscribeRoutes] };
