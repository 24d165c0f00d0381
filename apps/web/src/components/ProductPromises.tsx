import { Link } from 'react-router';
import { useT } from '@/i18n';
import { formatTaka } from '@haat/shared/money';
import { DEFAULT_DELIVERY } from '@haat/shared/constants';
import { paths } from '@haat/shared/paths';
import { formatCount } from '@/i18n/format';
import { useDeliverySettings } from '@/state/delivery';
import { useShopTerms } from '@/state/shopTerms';
import { SHOP_INFO_NS } from './shopinfo.locales';
import { PolicyLinks } from './PolicyLinks';

/**
 * What a product page must say before a purchase (issue 27, the guidelines):
 * the delivery charge inside and outside Dhaka, the expected delivery time and
 * the return terms, with the Return & Refund Policy a click away.
 */
export function ProductPromises() {
  const t = useT(SHOP_INFO_NS, 'promises');
  const delivery = useDeliverySettings().data ?? DEFAULT_DELIVERY;
  const terms = useShopTerms();
  return (
    <section aria-labelledby="product-promises" className="rounded-lg border border-slate-200 p-3 text-sm">
      <h2 id="product-promises" className="mb-2 font-semibold text-slate-800">
        {t('title')}
      </h2>
      {/* A list, not a <dl>: the product's own details are the page's one description list. */}
      <ul className="grid gap-1">
        <li>
          <span className="font-medium text-slate-700">{t('charge')}: </span>
          {delivery.freeDelivery ? t('free') : t('chargeValue', { inside: formatTaka(delivery.insideDhaka), outside: formatTaka(delivery.outsideDhaka) })}
        </li>
        <li>
          <span className="font-medium text-slate-700">{t('time')}: </span>
          {t('timeValue', { inside: formatCount(terms.deliveryDaysInsideDhaka), outside: formatCount(terms.deliveryDaysOutsideDhaka) })}
        </li>
        <li>
          <span className="font-medium text-slate-700">{t('returns')}: </span>
          {t('returnsValue', { days: formatCount(terms.returnWindowDays) })}{' '}
          <Link to={paths.policy('returns')} className="font-medium text-brand-700 underline">
            {t('policy')}
          </Link>
        </li>
      </ul>
      <PolicyLinks compact className="mt-2 text-xs text-slate-600" />
    </section>
  );
}
