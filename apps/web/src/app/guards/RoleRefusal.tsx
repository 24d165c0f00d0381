import { Link, useNavigate } from 'react-router';
import { can, STAFF_ROLES, type Permission, type StaffRole } from '@haat/shared/permissions';
import { paths } from '@haat/shared/paths';
import { staffLinksFor } from '@/features/account';
import { COMPONENTS_NS } from '@/components/locales';
import { useT } from '@/i18n';
import { formatList } from '@/i18n/format';
import { useRoleWords } from '@/i18n/roleWords';
import { ROLE_REFUSAL_NS } from './roleRefusal.locales';

/**
 * A staff page opened by a staff member whose role lacks its permission (issue 42): rather than "the page
 * doesn't exist", which role they have, the roles that can open it (from the shared table), and who can
 * grant it: the Owner, who alone changes roles. A shopper still meets the spec's Oops! screen.
 */
export function RoleRefusal({ role, permission }: { role: StaffRole; permission: Permission }) {
  const t = useT(ROLE_REFUSAL_NS);
  const common = useT(COMPONENTS_NS);
  const roleName = useRoleWords();
  const navigate = useNavigate();
  const home = staffLinksFor(role)[0]?.to ?? paths.dashboard.profile();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <h1 className="text-6xl font-extrabold text-brand-600">{common('oops')}</h1>
      <p className="mt-4 text-lg text-slate-700">{t('notYourRole', { role: roleName(role) })}</p>
      <p className="mt-2 text-slate-600">{t('openTo', { roles: formatList(STAFF_ROLES.filter((r) => can(r, permission)).map(roleName)) })}</p>
      <p className="mt-2 text-slate-600">{t('whoGrants')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => navigate(-1)} className="rounded-lg border border-brand-600 px-4 py-2 font-medium text-brand-700 hover:bg-brand-50">
          {common('previousPage')}
        </button>
        <Link to={home} className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
          {t('yourPages')}
        </Link>
      </div>
    </section>
  );
}
