// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export { SaleBook } from './book.ts';
export { reloadSales, saleBook } from './service.ts';
export { saleAdminRoutes } from './routes.ts';
