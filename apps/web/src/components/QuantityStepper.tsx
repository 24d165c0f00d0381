import { FaMinus, FaPlus } from 'react-icons/fa6';
import { formatCount } from '@/i18n/format';
import { useT } from '@/i18n';
import { useHydrated } from '@/lib/hydrated';
import { COMPONENTS_NS } from './locales';

const looks = {
  /** A cart line: a green pill; − may reach 0 (that removes the line). */
  cart: {
    group: 'flex items-center overflow-hidden rounded-md bg-brand-600 text-white',
    button: 'px-2.5 py-1.5 hover:bg-brand-700 disabled:opacity-50',
    value: 'min-w-8 text-center font-semibold',
  },
  /** The product page (spec §4): an outlined box, from 1 up to the product's limit. */
  product: {
    group: 'inline-flex items-center rounded-lg border border-slate-300',
    button: 'p-3 text-slate-700 disabled:opacity-40',
    value: 'min-w-10 text-center font-semibold',
  },
};

/**
 * − quantity +, kept between `min` and `max`. With a `label` (the product's
 * name) the buttons say 'Decrease Rice'; without, 'Decrease quantity'.
 */
export function QuantityStepper({
  value,
  onChange,
  min = 0,
  max,
  disabled,
  label,
  look = 'cart',
}: {
  value: number;
  onChange: (next: number) => void;
  min?: number;
  max?: number;
  disabled?: boolean;
  label?: string;
  look?: keyof typeof looks;
}) {
  const t = useT(COMPONENTS_NS);
  // − and + need the scripts: on the server's markup they are disabled, so a tap before the page is live is not lost.
  const live = useHydrated();
  const off = disabled || !live;
  const style = looks[look];
  const limit = max === undefined ? undefined : Math.max(min, max);
  return (
    <div className={style.group} role="group" aria-label={label ? t('quantityOf', { name: label }) : t('quantity')}>
      <button type="button" aria-label={label ? t('decrease', { name: label }) : t('decreaseQuantity')} disabled={off || value <= min} onClick={() => onChange(Math.max(min, value - 1))} className={style.button}>
        <FaMinus aria-hidden />
      </button>
      {look === 'product' ? (
        <output aria-live="polite" aria-label={t('selectedQuantity')} className={style.value}>
          {formatCount(value)}
        </output>
      ) : (
        <span aria-live="polite" className={style.value}>
          {formatCount(value)}
        </span>
      )}
      <button type="button" aria-label={label ? t('increase', { name: label }) : t('increaseQuantity')} disabled={off || (limit !== undefined && value >= limit)} onClick={() => onChange(limit === undefined ? value + 1 : Math.min(limit, value + 1))} className={style.button}>
        <FaPlus aria-hidden />
      </button>
    </div>
  );
}
