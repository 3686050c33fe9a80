import type { FacetModule } from '../../module-kit.ts';
import { sitemapRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [sitemapRoutes] };
