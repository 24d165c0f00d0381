import { currentLang, useT } from '@/i18n';
import { formatCount } from '@/i18n/format';
import { formatTaka } from '@haat/shared/money';
import { DISTRICTS } from '@haat/shared/districts';
import { COURIER_LABELS, type CourierSuggestion } from '@haat/shared/schemas/courier';
import { ADMIN_ORDERS_NS } from '../locales';

/** A district key in the interface's language: 'Dhaka' / 'ঢাকা'. */
export function districtName(key: string): string {
  const d = DISTRICTS.find((x) => x.key === key);
  if (!d) return key;
  return currentLang() === 'bn' ? d.bn : d.en;
}

/**
 * The couriers for an order's address (issue 46, decision 0122): the one the owner's rules suggest, and for each
 * courier its price for the parcel (and whence: the courier or the rate card, decision 0129) and the shop's own delivered share with it in the address's district.
 */
export function CourierOptions({ suggestion }: { suggestion: CourierSuggestion }) {
  const t = useT(ADMIN_ORDERS_NS);
  const { district, suggested, rule, options } = suggestion;
  const place = district ? districtName(district) : null;
  const why = rule === 'district' && place ? t('choice.ruleDistrict', { district: place }) : rule === 'zone' ? t('choice.ruleZone') : rule === 'fallback' ? t('choice.ruleFallback') : '';
  return (
    <section aria-label={t('choice.region')} className="grid gap-1 rounded border border-slate-200 p-2">
      <h3 className="font-medium text-slate-700">{t('choice.region')}</h3>
      {suggested ? (
        <p className="text-brand-700">{t('choice.suggested', { courier: COURIER_LABELS[suggested], why })}</p>
      ) : (
        <p className="text-slate-600">{t('choice.none')}</p>
      )}
      <ul className="grid gap-1">
        {options.map((o) => (
          <li key={o.provider} aria-label={COURIER_LABELS[o.provider]} className="flex flex-wrap justify-between gap-x-3 border-t border-slate-100 pt-1">
            <span className="font-medium">{COURIER_LABELS[o.provider]}</span>
            <span>
              {o.price === null ? t('choice.noPrice') : formatTaka(o.price)}
              {/* Where the price comes from (decision 0129): the courier's own price API or the owner's rate card. */}
              {o.price !== null && o.price_source ? <small className="ms-1 text-slate-500">({o.price_source === 'courier' ? t('choice.fromCourier', { courier: COURIER_LABELS[o.provider] }) : t('choice.fromRateCard')})</small> : null}
            </span>
            <span className="w-full text-xs text-slate-600">
              {!place
                ? t('choice.noDistrict')
                : o.finished === 0
                  ? t('choice.noHistory', { district: place })
                  : t('choice.history', { delivered: formatCount(o.delivered), finished: formatCount(o.finished), district: place, rate: `${formatCount(Math.round((o.delivered / o.finished) * 100))}%` })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
