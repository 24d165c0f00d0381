import { useForm } from 'react-hook-form';
import { IoClose } from 'react-icons/io5';
import { WALLETS } from '@haat/shared/constants';
import { paymentDialogSchema, type PaymentDialogInput } from '@haat/shared/schemas/order';
import { useShopInfo } from '@/lib/shopInfo';
import { formResolver, normalizeOnBlur } from '@/lib/forms';
import { useT } from '@/i18n';
import { localDigits } from '@/i18n/format';
import { Rich } from '@/i18n/Rich';
import { CHECKOUT_NS } from '../locales';
import { translateMessage, useServerMessages } from '@/i18n/messages';
import { useOrderWords } from '@/i18n/orderWords';
import { normalizeDigitsInput, normalizePhoneInput } from '@haat/shared/phone';

/**
 * 'Select Payment Method' (spec §2, §5): Bkash, Rocket or Nagad to the shop's
 * one receiving number, optional Transaction ID, Mobile Number, optional note.
 * When the shop has bKash checkout (issue 12), Bkash shows 'Pay with bKash'
 * instead of the transaction id: the shopper pays on bKash's own page. When
 * the owner configured SSLCommerz (issue 46), 'Card, Nagad, Rocket or bKash'
 * sends the shopper to SSLCommerz's page instead.
 */
export function PaymentDialog({
  onClose,
  onConfirm,
  submitting,
  defaultNote,
}: {
  onClose: () => void;
  onConfirm: (values: PaymentDialogInput) => void;
  submitting: boolean;
  defaultNote?: string;
}) {
  const t = useT(CHECKOUT_NS, 'payment');
  useServerMessages();
  const words = useOrderWords();
  const { data: shop } = useShopInfo();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<PaymentDialogInput>({ resolver: formResolver(paymentDialogSchema), defaultValues: { note: defaultNote ?? '' } });
  const method = watch('method');
  const throughBkash = shop?.bkashCheckout === true && method === 'bkash';
  // SSLCommerz (decision 0120): offered only when the owner configured it; the shopper pays on its page.
  const throughSslcommerz = shop?.sslcommerzCheckout === true && method === 'sslcommerz';
  // Nagad's gateway (decision 0128) when the owner has a merchant account; else Nagad by a typed transaction id.
  const throughNagad = shop?.nagadCheckout === true && method === 'nagad';
  const onGatewayPage = throughBkash || throughSslcommerz || throughNagad;

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-3">
      <form
        role="dialog"
        aria-modal="true"
        aria-labelledby="payment-title"
        noValidate
        onSubmit={handleSubmit((values) => !submitting && onConfirm(onGatewayPage ? { ...values, transaction_id: undefined } : values))}
        className="w-full max-w-md space-y-4 rounded-lg bg-white p-5 shadow-xl"
      >
        <div className="flex items-center justify-between">
          <h2 id="payment-title" className="text-lg font-semibold">{t('title')}</h2>
          <button type="button" aria-label={t('close')} onClick={onClose} className="text-2xl text-slate-600 hover:text-slate-900">
            <IoClose />
          </button>
        </div>

        <fieldset>
          <legend className="sr-only">{t('method')}</legend>
          <div className="flex flex-wrap gap-4">
            {WALLETS.map((w) => (
              <span key={w} className="flex items-center gap-2">
                <ProviderMark provider={w} />
                <label className="flex items-center gap-2 font-medium">
                  <input type="radio" value={w} {...register('method')} className="accent-brand-600" />
                  {words.paymentMethod(w)}
                </label>
              </span>
            ))}
            {shop?.sslcommerzCheckout && (
              <span className="flex items-center gap-2">
                <ProviderMark provider="sslcommerz" />
                <label className="flex items-center gap-2 font-medium">
                  <input type="radio" value="sslcommerz" {...register('method')} className="accent-brand-600" />
                  {t('sslcommerzName')}
                </label>
              </span>
            )}
          </div>
          {shop && !throughSslcommerz && !throughNagad && (
            <p className="mt-2 text-sm text-slate-600">
              <Rich text={t('sendTo')} values={{ number: localDigits(shop.walletNumber) }} parts={{ 1: <span className="font-semibold text-slate-900" data-testid="wallet-number" /> }} />
            </p>
          )}
          {errors.method && <p className="mt-1 text-sm text-red-600">{translateMessage(errors.method.message ?? '')}</p>}
        </fieldset>

        {throughSslcommerz ? (
          <p className="rounded border border-sky-200 bg-sky-50 p-2 text-sm text-slate-700">{t('sslcommerzPage')}</p>
        ) : throughNagad ? (
          <p className="rounded border border-orange-200 bg-orange-50 p-2 text-sm text-slate-700">{t('nagadPage')}</p>
        ) : throughBkash ? (
          <p className="rounded border border-pink-200 bg-pink-50 p-2 text-sm text-slate-700">
            {t('bkashPage')}
          </p>
        ) : (
          <label className="block text-sm">
            <span className="font-medium">{t('transactionId')}</span>
            <input
              {...normalizeOnBlur(register('transaction_id'), normalizeDigitsInput)}
              className="mt-1 w-full rounded border border-slate-300 p-2" autoComplete="off" />
          </label>
        )}
        <div className="text-sm">
          <label htmlFor="payment-mobile" className="font-medium">{t('mobile')}</label>
          <input
            id="payment-mobile"
            {...normalizeOnBlur(register('mobile'), normalizePhoneInput)}
            inputMode="tel"
            autoComplete="tel"
            maxLength={17}
            aria-invalid={errors.mobile ? true : undefined}
            aria-describedby={errors.mobile ? 'payment-mobile-error' : undefined}
            className="mt-1 w-full rounded border border-slate-300 p-2"
          />
          {errors.mobile && <p id="payment-mobile-error" className="mt-1 text-red-600">{translateMessage(errors.mobile.message ?? '')}</p>}
        </div>
        <label className="block text-sm">
          <span className="font-medium">{t('note')}</span>
          <textarea {...register('note')} rows={2} className="mt-1 w-full rounded border border-slate-300 p-2" />
        </label>
        {throughSslcommerz ? (
          <button type="submit" disabled={submitting} className="w-full rounded-lg bg-[#0f5c91] py-2.5 font-semibold text-white hover:bg-[#0b4670] disabled:opacity-60">
            {submitting ? t('openingSslcommerz') : t('payWithSslcommerz')}
          </button>
        ) : throughNagad ? (
          <button type="submit" disabled={submitting} className="w-full rounded-lg bg-[#ec1c24] py-2.5 font-semibold text-white hover:bg-[#c8161d] disabled:opacity-60">
            {submitting ? t('openingNagad') : t('payWithNagad')}
          </button>
        ) : throughBkash ? (
          <button type="submit" disabled={submitting} className="w-full rounded-lg bg-[#e2136e] py-2.5 font-semibold text-white hover:bg-[#c10f5e] disabled:opacity-60">
            {submitting ? t('openingBkash') : t('payWithBkash')}
          </button>
        ) : (
          <button type="submit" disabled={submitting} className="w-full rounded-lg bg-brand-600 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
            {submitting ? t('placing') : t('confirm')}
          </button>
        )}
      </form>
    </div>
  );
}

/**
 * Each provider's mark beside its name (issue 46: the methods with their logos): a small badge drawn in the brand's
 * colour with its Latin wordmark, so no picture is fetched on a slow phone. Outside the label, so a method's name
 * stays its accessible name. The providers' own logo files (their merchant kits) may replace these.
 */
const MARKS = {
  bkash: { text: 'bKash', className: 'bg-[#e2136e]' },
  rocket: { text: 'Rocket', className: 'bg-[#8c3494]' },
  nagad: { text: 'Nagad', className: 'bg-[#c8102e]' },
  sslcommerz: { text: 'SSLCOMMERZ', className: 'bg-[#0f5c91]' },
} as const;

function ProviderMark({ provider }: { provider: keyof typeof MARKS }) {
  const mark = MARKS[provider];
  return (
    <span aria-hidden className={`rounded px-1.5 py-0.5 text-[0.65rem] font-bold tracking-wide text-white ${mark.className}`}>
      {mark.text}
    </span>
  );
}
