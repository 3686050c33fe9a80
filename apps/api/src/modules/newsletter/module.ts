import type { FacetModule } from '../../module-kit.ts';
import { newsletterRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [newsletterRoutes] };
