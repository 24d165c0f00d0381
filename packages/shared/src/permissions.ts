import type { Role } from './constants';

/**
 * What staff may do (issue 28, decision 0064): one table, read by the server's
 * guard (`requirePermission`) on every admin route and by the web's menu and
 * pages. A route names one permission; a role may call it when the table lists
 * that permission for the role.
 */
export const PERMISSIONS = [
  /** See orders, their SMS log, print invoices and labels, courier look-ups. */
  'orders.view',
  /** Change an order's status, delete one, enter a phone order. */
  'orders.manage',
  /** Book orders with a courier (the parcel is handed over). */
  'orders.courier',
  /** Refund a paid order. */
  'orders.refund',
  /** Products, categories, sub-categories, CSV, search synonyms. */
  'catalogue.manage',
  /** The owner's dashboard figures. */
  'dashboard.view',
  /** Delivery fees and the dashboard's settings. */
  'settings.manage',
  /** Invite staff, change a role, disable. */
  'staff.manage',
  /** Read the audit log. */
  'audit.view',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The staff roles, the Owner (the spec's ADMIN) first. */
export const STAFF_ROLES = ['ADMIN', 'MANAGER', 'ORDERS', 'CATALOGUE', 'PACKER'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

const ALL = PERMISSIONS;
const withoutStaff = PERMISSIONS.filter((p) => p !== 'staff.manage' && p !== 'audit.view');

/** The one table: each staff role's permissions. A shopper (USER) has none. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  USER: [],
  ADMIN: ALL,
  MANAGER: withoutStaff,
  ORDERS: ['orders.view', 'orders.manage', 'orders.courier', 'orders.refund'],
  CATALOGUE: ['catalogue.manage'],
  PACKER: ['orders.view', 'orders.courier'],
};

export function isStaff(role: Role): role is StaffRole {
  return (STAFF_ROLES as readonly Role[]).includes(role);
}

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return !!role && ROLE_PERMISSIONS[role].includes(permission);
}
