import { useT } from '@/i18n';
import { PAYMENT_METHODS } from '@haat/shared/constants';
import { normalizeDigitsInput } from '@haat/shared/phone';
import { FormField, inputClass } from '@/components/FormField';
import type { CustomerField, NewOrderForm } from '../../hooks/useNewOrderForm';
import { useOrderWords } from '@/i18n/orderWords';
import { ADMIN_ORDERS_NS } from '../../locales';
import { AdvanceNotice } from './AdvanceNotice';

/** One of the buyer's fields; the mobile is normalised when it is left. */
function BuyerField({ form, name, label, inputMode }: { form: NewOrderForm; name: CustomerField; label: string; inputMode?: 'tel' }) {
  return (
    <FormField label={label} htmlFor={`customer-${name}`} error={form.errors[`customer.${name}`]}>
      <input
        id={`customer-${name}`}
        className={inputClass}
        value={form.customer[name]}
        onChange={(e) => form.setCustomerField(name, e.target.value)}
        onBlur={name === 'mobile' ? (e) => form.normalizeMobile(e.target.value) : undefined}
        inputMode={inputMode}
        autoComplete="off"
      />
    </FormField>
  );
}

/** The buyer, the payment (COD or a wallet with its transaction id), a note, and the button that places the order. */
export function BuyerDetails({ form }: { form: NewOrderForm }) {
  const t = useT(ADMIN_ORDERS_NS);
  const words = useOrderWords();
  return (
    <div className="grid content-start gap-3">
      <h2 className="font-semibold text-slate-800">{t('newOrder.buyer')}</h2>
      <BuyerField form={form} name="name" label={t('newOrder.name')} />
      <BuyerField form={form} name="mobile" label={t('newOrder.mobile')} inputMode="tel" />
      <BuyerField form={form} name="address_line" label={t('newOrder.addressLine')} />
      <BuyerField form={form} name="city" label={t('newOrder.city')} />
      <fieldset className="grid gap-1">
        <legend className="font-medium text-slate-700">{t('newOrder.payment')}</legend>
        <div className="flex flex-wrap gap-3 text-sm">
          {PAYMENT_METHODS.map((m) => (
            <label key={m} className="flex items-center gap-1">
              <input type="radio" name="method" value={m} checked={form.method === m} onChange={() => form.setMethod(m)} />
              {m === 'CASH-ON-DELIVERY' ? words.paymentMethod(m) : t('newOrder.paidBy', { method: words.paymentMethod(m) })}
            </label>
          ))}
        </div>
      </fieldset>
      <AdvanceNotice form={form} />
      {form.method !== 'CASH-ON-DELIVERY' && (
        <FormField label={t('newOrder.transactionId')} htmlFor="trx" error={form.errors.transaction_id}>
          <input id="trx" className={inputClass} value={form.trx} onChange={(e) => form.setTrx(e.target.value)} onBlur={(e) => form.setTrx(normalizeDigitsInput(e.target.value))} autoComplete="off" />
        </FormField>
      )}
      <FormField label={t('newOrder.note')} htmlFor="note" error={form.errors.note}>
        <textarea id="note" className={inputClass} rows={2} value={form.note} onChange={(e) => form.setNote(e.target.value)} />
      </FormField>
      <button type="submit" disabled={form.placing} className="justify-self-start rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-50">
        {form.placing ? t('newOrder.placing') : t('newOrder.place')}
      </button>
    </div>
  );
}
