import { Link, useNavigate } from 'react-router';
import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import { COMPONENTS_NS } from './locales';

/** Unknown routes and forbidden admin pages (spec §2, §6). */
export function NotFound() {
  const t = useT(COMPONENTS_NS);
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <h1 className="text-6xl font-extrabold text-brand-600">{t('oops')}</h1>
      <p className="mt-4 text-lg text-slate-600">{t('notFound')}</p>
      <div className="mt-8 flex gap-3">
        <button type="button" onClick={() => navigate(-1)} className="rounded-lg border border-brand-600 px-4 py-2 font-medium text-brand-700 hover:bg-brand-50">
          {t('previousPage')}
        </button>
        <Link to={paths.home()} className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
          {t('backHome')}
        </Link>
      </div>
    </section>
  );
}
