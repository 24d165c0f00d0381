import { FaFacebook, FaInstagram, FaLinkedin } from 'react-icons/fa6';
import { FOOTER_YEAR } from '@haat/shared/constants';
import { useShopInfo } from '@/lib/shopInfo';
import { useT, currentLang } from '@/i18n';
import { COMPONENTS_NS } from './locales';
import { SHOP_INFO_NS } from './shopinfo.locales';
import { PolicyLinks } from './PolicyLinks';
import { formatYear, localDigits } from '@/i18n/format';

export function Footer() {
  const t = useT(COMPONENTS_NS);
  const { data: shop } = useShopInfo();
  return (
    <footer className="border-t border-slate-200 bg-white pb-20 md:pb-0">
      <div className="mx-auto grid max-w-7xl gap-3 px-4 pt-6 text-sm text-slate-600">
        <FooterPolicies />
        {/* A shop-info cached from before the business details (decision 0077) has none. */}
        {shop?.business && <BusinessDetails business={shop.business} />}
      </div>
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-3 px-4 py-6 text-sm text-slate-600 md:flex-row md:justify-between">
        <p>{t('allRightsReserved', { year: formatYear(FOOTER_YEAR) })}</p>
        {shop && (
          <p className="flex flex-wrap justify-center gap-x-4">
            <a href={`tel:${shop.phone.replace(/[^+\d]/g, '')}`} className="hover:text-brand-600">{localDigits(shop.phone)}</a>
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

function FooterPolicies() {
  const t = useT(SHOP_INFO_NS);
  return (
    <nav aria-label={t('policies')}>
      <PolicyLinks className="justify-center md:justify-start" />
    </nav>
  );
}

/** The trade licence, DBID, BIN and address the owner set (decision 0077); nothing when none is set. Identifiers: shown as typed, never in the page's digits (decision 0098). */
function BusinessDetails({ business }: { business: { tradeLicence: string; dbid: string; bin: string; address: string; addressBn: string } }) {
  const t = useT(SHOP_INFO_NS);
  const address = (currentLang() === 'bn' && business.addressBn) || business.address;
  const parts = [
    business.tradeLicence && t('tradeLicence', { value: business.tradeLicence }),
    business.dbid && t('dbid', { value: business.dbid }),
    business.bin && t('bin', { value: business.bin }),
    address,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <p data-testid="business-details" className="flex flex-wrap justify-center gap-x-4 text-xs text-slate-500 md:justify-start">
      {parts.map((p) => (
        <span key={p as string}>{p}</span>
      ))}
    </p>
  );
}
