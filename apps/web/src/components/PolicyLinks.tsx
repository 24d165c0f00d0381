import { Link } from 'react-router';
import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import { POLICY_SLUGS } from '@haat/shared/policy-text';
import { DNCRP_URL } from '@haat/shared/shop-terms';
import { SHOP_INFO_NS } from './shopinfo.locales';

/**
 * The shop's policy pages (issue 27): the footer's list with the complaints
 * form and the government's consumer portal, or (compact) the four pages only.
 */
export function PolicyLinks({ compact = false, className = '' }: { compact?: boolean; className?: string }) {
  const t = useT(SHOP_INFO_NS);
  return (
    // Each link is at least 24 px tall (py-1 on a 17 px line): a thumb's target (Lighthouse's target-size, WCAG 2.5.8).
    <ul className={`flex flex-wrap gap-x-4 ${className}`}>
      {POLICY_SLUGS.map((slug) => (
        <li key={slug}>
          <Link to={paths.policy(slug)} className="inline-block py-1 underline-offset-2 hover:text-brand-700 hover:underline">
            {t(slug)}
          </Link>
        </li>
      ))}
      {!compact && (
        <>
          <li>
            <Link to={paths.complaint()} className="inline-block py-1 underline-offset-2 hover:text-brand-700 hover:underline">
              {t('complain')}
            </Link>
          </li>
          <li>
            <a href={DNCRP_URL} target="_blank" rel="noreferrer" className="inline-block py-1 underline-offset-2 hover:text-brand-700 hover:underline">
              {t('dncrp')}
            </a>
          </li>
        </>
      )}
    </ul>
  );
}
