import type { Role } from '@haat/shared/constants';
import { useT, registerLocales } from './index';

/**
 * The staff roles' names in one place (issue 42), in English and Bangla: the Staff page's lists and
 * the screen that tells a staff member a page is not open to their role. The spec's ADMIN is the Owner
 * (decision 0064).
 */
const en = { roles: { USER: 'Shopper', ADMIN: 'Owner', MANAGER: 'Manager', ORDERS: 'Orders', CATALOGUE: 'Catalogue', PACKER: 'Packer' } satisfies Record<Role, string> };

export const ROLE_WORDS_NS = registerLocales('roleWords', {
  en,
  bn: { roles: { USER: 'ক্রেতা', ADMIN: 'মালিক', MANAGER: 'ম্যানেজার', ORDERS: 'অর্ডার', CATALOGUE: 'ক্যাটালগ', PACKER: 'প্যাকার' } },
});

/** A role's name in the page's language. */
export function useRoleWords(): (role: Role) => string {
  const t = useT(ROLE_WORDS_NS);
  return (role) => t(`roles.${role}`);
}
