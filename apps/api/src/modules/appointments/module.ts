import type { FacetModule } from '../../module-kit.ts';
import { appointmentAdminRoutes, appointmentRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [appointmentRoutes], admin: [appointmentAdminRoutes] };
