import { Link } from 'react-router';
import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import { formatTaka } from '@haat/shared/money';
import { formatCount } from '@/i18n/format';
import { useLocalName } from '@/i18n/localName';
import { useAdminPromotions } from '@/lib/adminPromotions';
import { DASHBOARD_NS } from '../locales';

/**
 * The dashboard's promotions (issue 22): each promotion used in the period,
 * with its orders, the taka it gave away and the sales it carried, as the
 * server counts them. Nothing while loading or when the list cannot be had.
 */
export function PromotionFigures({ days }: { days: number }) {
  const t = useT(DASHBOARD_NS, 'promotions');
  const nameOf = useLocalName();
  const { data } = useAdminPromotions(days);
  if (!data) return null;
  const used = data.filter((p) => p.stats.orders > 0);
  return (
    <section aria-label={t('title')} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="dashboard-promotions">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-800">{t('title')}</h2>
        <Link to={paths.dashboard.promotions()} className="text-sm font-semibold text-brand-700 underline">
          {t('manage')}
        </Link>
      </div>
      {used.length === 0 ? (
        <p className="text-sm text-slate-500">{t('none')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-1 text-left text-slate-500">{t('caption')}</caption>
            <thead>
              <tr className="text-slate-500">
                <th className="font-medium">{t('name')}</th>
                <th className="pl-3 text-right font-medium">{t('orders')}</th>
                <th className="pl-3 text-right font-medium">{t('given')}</th>
                <th className="pl-3 text-right font-medium">{t('sales')}</th>
              </tr>
            </thead>
            <tbody>
              {used.map((p) => (
                <tr key={p._id} className="border-t border-slate-100">
                  <td>
                    {nameOf(p)}
                    {p.code && <span className="ml-1 font-mono text-xs text-slate-500">{p.code}</span>}
                  </td>
                  <td className="pl-3 text-right">{formatCount(p.stats.orders)}</td>
                  <td className="pl-3 text-right whitespace-nowrap">{formatTaka(p.stats.discount_taka)}</td>
                  <td className="pl-3 text-right whitespace-nowrap">{formatTaka(p.stats.sales_taka)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
