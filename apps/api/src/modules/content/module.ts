import type { FacetModule } from '../../module-kit.ts';
import { contentAdminRoutes, contentRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [contentRoutes], admin: [contentAdminRoutes] };
