import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@haat/shared/permissions';
import { STAFF_LINKS, staffLinksFor } from './staffLinks';

const paths = (role: Parameters<typeof staffLinksFor>[0]) => staffLinksFor(role).map((l) => l.to);

describe('the staff menu (issue 28)', () => {
  it('shows the Owner (ADMIN) every staff page and a shopper none', () => {
    expect(paths('ADMIN')).toEqual(STAFF_LINKS.map((l) => l.to));
    expect(paths('USER')).toEqual([]);
    expect(paths(undefined)).toEqual([]);
  });

  it('shows a Packer the orders but not products or settings', () => {
    expect(paths('PACKER')).toEqual(['/dashboard/my-order', '/dashboard/returns', '/dashboard/complaints']);
  });

  it('shows Catalogue the catalogue pages only and Orders the order pages only', () => {
    // Catalogue also moderates reviews (reviews.manage, issue 47).
    expect(paths('CATALOGUE')).toEqual(['/dashboard/category', '/dashboard/sub-category', '/dashboard/upload-product', '/dashboard/products', '/dashboard/reviews', '/dashboard/promotions', '/dashboard/search-synonyms']);
    expect(paths('ORDERS')).toEqual(['/dashboard/my-order', '/dashboard/returns', '/dashboard/new-order', '/dashboard/incomplete-orders', '/dashboard/complaints']);
  });

  it('shows the audit log to the Owner only (audit.view)', () => {
    expect(paths('ADMIN')).toContain('/dashboard/audit');
    for (const role of ['MANAGER', 'ORDERS', 'CATALOGUE', 'PACKER'] as const) expect(paths(role), role).not.toContain('/dashboard/audit');
  });

  it('follows the shared table for every role', () => {
    for (const role of Object.keys(ROLE_PERMISSIONS) as (keyof typeof ROLE_PERMISSIONS)[]) {
      for (const l of STAFF_LINKS) expect(paths(role).includes(l.to), `${role} ${l.to}`).toBe(ROLE_PERMISSIONS[role].includes(l.permission));
    }
  });
});
