import { useT } from '@/i18n';
import { formatTaka } from '@haat/shared/money';
import { FormField, inputClass } from '@/components/FormField';
import type { NewOrderForm } from '../../hooks/useNewOrderForm';
import { ADMIN_ORDERS_NS } from '../../locales';

/**
 * The partial advance the owner's rule asks of this phone order's buyer (issue 44, decision 0130), before it is
 * placed: what is paid now by bKash and on delivery, how the buyer pays it, and the waiver with its reason.
 */
export function AdvanceNotice({ form }: { form: NewOrderForm }) {
  const t = useT(ADMIN_ORDERS_NS);
  const advance = form.advance;
  if (!advance || advance.advance === 0) return null;
  return (
    <section aria-labelledby="phone-advance-title" className="grid gap-2 rounded-lg border border-pink-200 bg-pink-50 p-3 text-sm" data-testid="phone-advance">
      <h3 id="phone-advance-title" className="font-semibold">{t('newOrder.advanceTitle')}</h3>
      <p className={form.waive ? 'line-through' : 'font-medium'}>{t('newOrder.advanceSplit', { advance: formatTaka(advance.advance), due: formatTaka(advance.due_on_delivery), total: formatTaka(advance.total) })}</p>
      {!form.waive && <p className="text-slate-700">{t('newOrder.advanceHow')}</p>}
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={form.waive} onChange={(e) => form.setWaive(e.target.checked)} className="h-4 w-4 accent-brand-600" />
        {t('newOrder.advanceWaive')}
      </label>
      {form.waive && (
        <FormField label={t('newOrder.advanceReason')} htmlFor="advance-waiver" error={form.errors.advance_waiver}>
          <input id="advance-waiver" className={inputClass} value={form.waiver} maxLength={500} onChange={(e) => form.setWaiver(e.target.value)} autoComplete="off" />
        </FormField>
      )}
    </section>
  );
}
