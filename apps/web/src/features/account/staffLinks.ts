import type { Role } from '@haat/shared/constants';
import { can, type Permission } from '@haat/shared/permissions';

/**
 * The staff pages of the account menu, each with the permission it needs
 * (issue 28, decision 0064): a role sees only the links the shared table
 * allows, and the router guards each page with the same permission.
 * Labels are keys of the 'account' namespace's menu.
 */
export const STAFF_LINKS = [
  { to: '/dashboard', label: 'dashboard', permission: 'dashboard.view' },
  { to: '/dashboard/category', label: 'category', permission: 'catalogue.manage' },
  { to: '/dashboard/sub-category', label: 'subCategory', permission: 'catalogue.manage' },
  { to: '/dashboard/upload-product', label: 'uploadProduct', permission: 'catalogue.manage' },
  { to: '/dashboard/products', label: 'product', permission: 'catalogue.manage' },
  { to: '/dashboard/my-order', label: 'orders', permission: 'orders.view' },
  { to: '/dashboard/returns', label: 'returns', permission: 'orders.view' },
  { to: '/dashboard/new-order', label: 'newOrder', permission: 'orders.manage' },
  { to: '/dashboard/incomplete-orders', label: 'incompleteOrders', permission: 'orders.manage' },
  { to: '/dashboard/complaints', label: 'complaints', permission: 'orders.view' },
  { to: '/dashboard/delivery-setting', label: 'shippingCost', permission: 'settings.manage' },
  { to: '/dashboard/cod-protection', label: 'codProtection', permission: 'settings.manage' },
  { to: '/dashboard/failed-jobs', label: 'failedJobs', permission: 'settings.manage' },
  { to: '/dashboard/business', label: 'business', permission: 'settings.manage' },
  { to: '/dashboard/policies', label: 'policies', permission: 'settings.manage' },
  { to: '/dashboard/promotions', label: 'promotions', permission: 'catalogue.manage' },
  { to: '/dashboard/search-synonyms', label: 'searchSynonyms', permission: 'catalogue.manage' },
  { to: '/dashboard/staff', label: 'staff', permission: 'staff.manage' },
  { to: '/dashboard/audit', label: 'audit', permission: 'audit.view' },
] as const satisfies readonly { to: string; label: string; permission: Permission }[];

/** Every account's own pages of the menu (labels in the same namespace). */
export const USER_LINKS = [
  { to: '/dashboard/orders', label: 'myOrders' },
  { to: '/dashboard/address', label: 'addresses' },
] as const;

/**
 * The menu's label of the account or staff page at `pathname` (the profile's too), which is that page's title
 * (issue 42: every owner page titled in the page's language); undefined for a page the menu does not name.
 */
export function accountPageLabel(pathname: string) {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/dashboard/profile') return 'profile' as const;
  return [...STAFF_LINKS, ...USER_LINKS].find((l) => l.to === path)?.label;
}

/** The staff links `role` may use, in menu order (none for a shopper). */
export function staffLinksFor(role: Role | undefined) {
  return STAFF_LINKS.filter((l) => can(role, l.permission));
}
