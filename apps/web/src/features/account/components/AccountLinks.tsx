import { NavLink } from 'react-router';
import { HiOutlineExternalLink } from 'react-icons/hi';
import type { UserView } from '@haat/shared/schemas/user';
import { useLogout } from '../api/logout';

const ADMIN_LINKS = [
  { to: '/dashboard/category', label: 'Category' },
  { to: '/dashboard/sub-category', label: 'SubCategory' },
  { to: '/dashboard/upload-product', label: 'Upload Product' },
  { to: '/dashboard/products', label: 'Product' },
  { to: '/dashboard/my-order', label: 'Orders' },
  { to: '/dashboard/new-order', label: 'New Order' },
  { to: '/dashboard/delivery-setting', label: 'Shipping Cost' },
];
const USER_LINKS = [
  { to: '/dashboard/orders', label: 'My Orders' },
  { to: '/dashboard/address', label: 'Addresses' },
];

/**
 * The account menu of spec §2, shared by the header's menu, /my-account and
 * the dashboard's side menu.
 */
export function AccountLinks({ user, onNavigate }: { user: UserView; onNavigate?: () => void }) {
  const logout = useLogout();
  const isAdmin = user.role === 'ADMIN';
  const item = ({ isActive }: { isActive: boolean }) =>
    `block rounded px-2 py-1.5 hover:bg-brand-50 hover:text-brand-700 ${isActive ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700'}`;
  return (
    <nav aria-label="My Account" className="grid gap-1 text-sm">
      <p className="font-semibold text-slate-800">My Account</p>
      <NavLink to="/dashboard/profile" onClick={onNavigate} className="flex items-center gap-2 rounded px-2 py-1.5 text-slate-700 hover:bg-brand-50">
        <span className="max-w-52 truncate">{user.name || user.mobile}</span>
        {isAdmin && <span className="font-medium text-red-600">(ADMIN)</span>}
        <HiOutlineExternalLink aria-label="Profile" className="shrink-0 text-brand-700" />
      </NavLink>
      <hr className="my-1 border-slate-200" />
      {isAdmin &&
        ADMIN_LINKS.map((l) => (
          <NavLink key={l.to} to={l.to} onClick={onNavigate} className={item}>
            {l.label}
          </NavLink>
        ))}
      {USER_LINKS.map((l) => (
        <NavLink key={l.to} to={l.to} onClick={onNavigate} className={item}>
          {l.label}
        </NavLink>
      ))}
      <button
        type="button"
        onClick={() => {
          onNavigate?.();
          void logout();
        }}
        className="rounded px-2 py-1.5 text-left text-slate-700 hover:bg-red-50 hover:text-red-700"
      >
        Log Out
      </button>
    </nav>
  );
}
