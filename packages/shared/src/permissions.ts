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
  /** Couriers' payouts reconciled: see them, upload a statement, resolve an exception, the rate card, the accounting export (decision 0112). */
  'settlements.manage',
  /** Moderate shoppers' reviews: publish, hide with a reason, reply; the review rules (issue 47). */
  'reviews.manage',
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
  CATALOGUE: ['catalogue.manage', 'reviews.manage'],
  PACKER: ['orders.view', 'orders.courier'],
};

export function isStaff(role: Role): role is StaffRole {
  return (STAFF_ROLES as readonly Role[]).includes(role);
}

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return !!role && ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * The staff actions the dashboard offers as a control, each with the route it calls and the permission
 * that route's guard checks (issue 42): a page shows a control only to a role that may use it
 * (`canDo`), so a Packer meets no status list or Cancel the server would refuse.
 * `test/security/roles.test.ts` reads every entry against the server's own route table, so a
 * permission here that drifts from the route's guard fails there.
 */
export const STAFF_ACTIONS = {
  /** The order card's status list, and Cancel "cannot be supplied". */
  changeOrderStatus: { route: 'PATCH /api/order/update-status/:id', permission: 'orders.manage' },
  deleteOrder: { route: 'DELETE /api/order/:id', permission: 'orders.manage' },
  /** All Orders' "New order" link (the page is guarded by the same permission). */
  placePhoneOrder: { route: 'POST /api/order/manual', permission: 'orders.manage' },
  bookCourier: { route: 'POST /api/order/:id/courier', permission: 'orders.courier' },
  bookCouriers: { route: 'POST /api/courier/book', permission: 'orders.courier' },
  refundOrder: { route: 'POST /api/order/:id/refund', permission: 'orders.refund' },
  /** An owed refund recorded as sent by hand, or closed as nothing owed. */
  recordRefund: { route: 'POST /api/refunds/:id/record', permission: 'orders.refund' },
  voidRefund: { route: 'POST /api/refunds/:id/void', permission: 'orders.refund' },
  decideReturn: { route: 'POST /api/returns/:id/decision', permission: 'orders.manage' },
  receiveReturn: { route: 'POST /api/returns/:id/receive', permission: 'orders.manage' },
  refundReturn: { route: 'POST /api/returns/:id/refund', permission: 'orders.refund' },
  markComplaintActed: { route: 'PATCH /api/complaint/:id/acted', permission: 'orders.manage' },
} as const satisfies Record<string, { route: string; permission: Permission }>;
export type StaffAction = keyof typeof STAFF_ACTIONS;

/** Whether `role` may use the control of `action` (the permission of the route it calls). */
export function canDo(role: Role | null | undefined, action: StaffAction): boolean {
  return can(role, STAFF_ACTIONS[action].permission);
}
