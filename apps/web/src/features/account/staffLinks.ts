import type { Role } from '@haat/shared/constants';
import { can, type Permission } from '@haat/shared/permissions';
import { paths } from '@haat/shared/paths';

/**
 * The staff pages of the account menu, each with the permission it needs
 * (issue 28, decision 0064): a role sees only the links the shared table
 * allows, and the router guards each page with the same permission.
 * Labels are keys of the 'account' namespace's menu.
 */
export const STAFF_LINKS = [
  { to: paths.dashboard.home(), label: 'dashboard', permission: 'dashboard.view' },
  { to: paths.dashboard.category(), label: 'category', permission: 'catalogue.manage' },
  { to: paths.dashboard.subCategory(), label: 'subCategory', permission: 'catalogue.manage' },
  { to: paths.dashboard.uploadProduct(), label: 'uploadProduct', permission: 'catalogue.manage' },
  { to: paths.dashboard.products(), label: 'product', permission: 'catalogue.manage' },
  { to: paths.dashboard.orders(), label: 'orders', permission: 'orders.view' },
  { to: paths.dashboard.returns(), label: 'returns', permission: 'orders.view' },
  { to: paths.dashboard.newOrder(), label: 'newOrder', permission: 'orders.manage' },
  { to: paths.dashboard.incompleteOrders(), label: 'incompleteOrders', permission: 'orders.manage' },
  { to: paths.dashboard.complaints(), label: 'complaints', permission: 'orders.view' },
  { to: paths.dashboard.reviews(), label: 'reviews', permission: 'reviews.manage' },
  { to: paths.dashboard.deliverySetting(), label: 'shippingCost', permission: 'settings.manage' },
  { to: paths.dashboard.codProtection(), label: 'codProtection', permission: 'settings.manage' },
  { to: paths.dashboard.settlements(), label: 'settlements', permission: 'settlements.manage' },
  { to: paths.dashboard.recovery(), label: 'recovery', permission: 'settings.manage' },
  { to: paths.dashboard.failedJobs(), label: 'failedJobs', permission: 'settings.manage' },
  { to: paths.dashboard.business(), label: 'business', permission: 'settings.manage' },
  { to: paths.dashboard.policies(), label: 'policies', permission: 'settings.manage' },
  { to: paths.dashboard.promotions(), label: 'promotions', permission: 'catalogue.manage' },
  { to: paths.dashboard.searchSynonyms(), label: 'searchSynonyms', permission: 'catalogue.manage' },
  { to: paths.dashboard.staff(), label: 'staff', permission: 'staff.manage' },
  { to: paths.dashboard.audit(), label: 'audit', permission: 'audit.view' },
] as const satisfies readonly { to: string; label: string; permission: Permission }[];

/** Every account's own pages of the menu (labels in the same namespace). */
export const USER_LINKS = [
  { to: paths.dashboard.myOrders(), label: 'myOrders' },
  { to: paths.dashboard.address(), label: 'addresses' },
] as const;

/**
 * The menu's label of the account or staff page at `pathname` (the profile's too), which is that page's title
 * (issue 42: every owner page titled in the page's language); undefined for a page the menu does not name.
 */
export function accountPageLabel(pathname: string) {
  const path = pathname.replace(/\/+$/, '');
  if (path === paths.dashboard.profile()) return 'profile' as const;
  return [...STAFF_LINKS, ...USER_LINKS].find((l) => l.to === path)?.label;
}

/** The staff links `role` may use, in menu order (none for a shopper). */
export function staffLinksFor(role: Role | undefined) {
  return STAFF_LINKS.filter((l) => can(role, l.permission));
}
