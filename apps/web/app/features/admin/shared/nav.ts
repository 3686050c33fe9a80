import type { Permission } from '@facet/contracts/admin';

/** The back office's pages and the permission each needs: the menu shows only what the role may open. */
export const ADMIN_NAV: Array<{ label: string; href: string; permission: Permission | null }> = [
  { label: 'Dashboard', href: '/admin', permission: 'dashboard:read' },
  { label: 'Orders', href: '/admin/orders', permission: 'orders:read' },
  { label: 'Reports', href: '/admin/reports', permission: 'reports:read' },
  { label: 'Returns', href: '/admin/returns', permission: 'returns:manage' },
  { label: 'Service', href: '/admin/service', permission: 'service:manage' },
  { label: 'Layaway', href: '/admin/layaway', permission: 'orders:read' },
  { label: 'Quotes', href: '/admin/quotes', permission: 'quotes:manage' },
  { label: 'Customers', href: '/admin/customers', permission: 'customers:read' },
  { label: 'Segments', href: '/admin/segments', permission: 'customers:read' },
  { label: 'Left carts', href: '/admin/left-carts', permission: 'customers:read' },
  { label: 'Appointments', href: '/admin/appointments', permission: 'appointments:manage' },
  { label: 'Products', href: '/admin/products', permission: 'catalogue:write' },
  { label: 'Stones', href: '/admin/stones', permission: 'catalogue:write' },
  { label: 'Categories', href: '/admin/categories', permission: 'catalogue:write' },
  { label: 'Metal prices', href: '/admin/metal-prices', permission: 'prices:write' },
  { label: 'Markup', href: '/admin/markup', permission: 'prices:write' },
  { label: 'Sales', href: '/admin/sales', permission: 'promotions:manage' },
  { label: 'Discount codes', href: '/admin/discounts', permission: 'promotions:manage' },
  { label: 'Gift cards', href: '/admin/gift-cards', permission: 'giftcards:manage' },
  { label: 'Imports', href: '/admin/imports', permission: 'imports:run' },
  { label: 'Pages', href: '/admin/content', permission: 'content:write' },
  { label: 'Reviews', href: '/admin/reviews', permission: 'content:write' },
  { label: 'E-mails', href: '/admin/emails', permission: 'content:write' },
  { label: 'Staff', href: '/admin/staff', permission: 'staff:manage' },
  { label: 'Audit log', href: '/admin/audit', permission: 'audit:read' },
  { label: 'Store settings', href: '/admin/settings', permission: 'settings:manage' },
  { label: 'Backups', href: '/admin/backups', permission: 'settings:manage' },
  { label: 'Webhooks', href: '/admin/webhooks', permission: 'webhooks:manage' },
  { label: 'Your account', href: '/admin/account', permission: null },
];
export const navFor = (permissions: readonly Permission[]) =>
  ADMIN_NAV.filter((i) => i.permission === null || permissions.includes(i.permission));

/** Shown in the back office's title bar, and never in a storefront script (a test looks for it). */
export const BACK_OFFICE = 'Facet back office';
