import { FaFacebook, FaInstagram, FaLinkedin } from 'react-icons/fa6';
import { FOOTER_YEAR } from '@haat/shared/constants';
import { useShopInfo } from '@/lib/shopInfo';
import { useTranslation } from 'react-i18next';
import { COMPONENTS_NS } from './locales';
import { formatYear } from '@/i18n/format';

export function Footer() {
  const { t } = useTranslation(COMPONENTS_NS);
  const { data: shop } = useShopInfo();
  return (
    <footer className="border-t border-slate-200 bg-white pb-20 md:pb-0">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-3 px-4 py-6 text-sm text-slate-600 md:flex-row md:justify-between">
        <p>{t('allRightsReserved', { year: formatYear(FOOTER_YEAR) })}</p>
        {shop && (
          <p className="flex flex-wrap justify-center gap-x-4">
            <a href={`tel:${shop.phone.replace(/[^+\d]/g, '')}`} className="hover:text-brand-600">{shop.phone}</a>
            <a href={`mailto:${shop.email}`} className="hover:text-brand-600">{shop.email}</a>
          </p>
        )}
        <nav aria-label={t('followUs')} className="flex gap-4 text-2xl">
          <a href={shop?.social.facebook ?? '#'} target="_blank" rel="noreferrer" aria-label="Facebook" className="hover:text-brand-600"><FaFacebook /></a>
          <a href={shop?.social.instagram ?? '#'} target="_blank" rel="noreferrer" aria-label="Instagram" className="hover:text-brand-600"><FaInstagram /></a>
          <a href={shop?.social.linkedin ?? '#'} target="_blank" rel="noreferrer" aria-label="LinkedIn" className="hover:text-brand-600"><FaLinkedin /></a>
        </nav>
      </div>
    </footer>
  );
}
