import { Link } from 'react-router';
import { formatDeliveryFee, formatTaka } from '@haat/shared/money';
import { formatCount } from '@/i18n/format';
import { discountedPrice, type CartTotals } from '@haat/shared/pricing';
import { Button } from '@/components/Button';
import { ChosenOptions } from '@/components/ChosenOptions';
import type { CartProduct } from '@/state/guestCart';
import { useT } from '@/i18n';
import { Rich } from '@/i18n/Rich';
import { policyPath } from '@haat/shared/policy-text';
import { PolicyLinks } from '@/components/PolicyLinks';
import { CHECKOUT_NS } from '../locales';
import { translateMessage, useServerMessages } from '@/i18n/messages';
import { useLocalName } from '@/i18n/localName';
import type { PromotionQuote } from '@haat/shared/schemas/promotion';
import { FreeDeliveryProgress, PromotionLines } from '@/components/PromotionLines';
import { VoucherField } from '@/components/VoucherField';

/**
 * 'Review and Checkout' (spec §2): items total (the original struck through
 * when discounted), the Buy Now product or the cart's total quantity, the
 * delivery charge ('Free' at 0), the grand total, and the two pay buttons.
 */
export function OrderReview({
  totals,
  buyNow,
  fee,
  quote,
  quotePending,
  total,
  nothingToBuy,
  canPay,
  consent,
  onConsent,
  placingCashOrder,
  onOnlinePayment,
  onCashOnDelivery,
}: {
  totals: CartTotals;
  buyNow: { product: CartProduct; quantity: number } | null;
  fee: number;
  /** The server's quote with its promotions (issue 22); pending while a newer one is on its way. */
  quote: PromotionQuote | undefined;
  quotePending: boolean;
  total: number;
  nothingToBuy: boolean;
  canPay: boolean;
  /** The terms and data-use box (decision 0077). */
  consent: boolean;
  onConsent: (ticked: boolean) => void;
  placingCashOrder: boolean;
  onOnlinePayment: () => void;
  onCashOnDelivery: () => void;
}) {
  const t = useT(CHECKOUT_NS, 'review');
  useServerMessages();
  const nameOf = useLocalName();
  return (
    <aside className="space-y-4 self-start rounded-lg bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">{t('title')}</h2>
      {nothingToBuy ? (
        <p className="text-slate-600">
          {t('noItems')} <Link to="/" className="font-semibold text-brand-700 underline">{t('shopNow')}</Link>
        </p>
      ) : (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm" data-testid="checkout-review">
          <dt>{t('itemsTotal')}</dt>
          <dd className="text-right" data-testid="checkout-items-total">
            {totals.savings > 0 && <s className="mr-2 text-slate-600">{formatTaka(totals.originalTotal)}</s>}
            {formatTaka(totals.itemsTotal)}
          </dd>
          {buyNow ? (
            <>
              <dt>
                {nameOf(buyNow.product)}
                <ChosenOptions chosen={buyNow.product.chosen} />
              </dt>
              <dd className="text-right">
                {formatCount(buyNow.quantity)} × {formatTaka(discountedPrice(buyNow.product.price, buyNow.product.discount))}
              </dd>
            </>
          ) : (
            <>
              <dt>{t('totalQuantity')}</dt>
              <dd className="text-right">{t('itemCount', { count: totals.totalQuantity, n: formatCount(totals.totalQuantity) })}</dd>
            </>
          )}
          <dt>{t('deliveryCharge')}</dt>
          <dd className="text-right" data-testid="checkout-delivery">{translateMessage(formatDeliveryFee(fee))}</dd>
          <PromotionLines quote={quotePending ? undefined : quote} as="dl" />
          <dt className="font-semibold">{t('grandTotal')}</dt>
          <dd className="text-right font-semibold" data-testid="checkout-grand-total">{formatTaka(total)}</dd>
        </dl>
      )}
      {!nothingToBuy && (
        <>
          <FreeDeliveryProgress quote={quotePending ? undefined : quote} />
          <VoucherField quote={quote} pending={quotePending} />
        </>
      )}
      {!nothingToBuy && <ConsentBox consent={consent} onConsent={onConsent} />}
      <div className="flex flex-col gap-2">
        <Button disabled={!canPay} onClick={onOnlinePayment}>
          {t('onlinePayment')}
        </Button>
        <button
          type="button"
          disabled={!canPay}
          onClick={onCashOnDelivery}
          className="rounded-lg border-2 border-brand-600 py-2.5 font-semibold text-brand-700 hover:bg-brand-600 hover:text-white disabled:cursor-not-allowed disabled:opacity-50"
        >
          {placingCashOrder ? t('placing') : t('cashOnDelivery')}
        </button>
      </div>
    </aside>
  );
}

/** Unticked until the shopper ticks it: the terms, the shop's policies and the use of their data, each a link away. */
function ConsentBox({ consent, onConsent }: { consent: boolean; onConsent: (ticked: boolean) => void }) {
  const t = useT(CHECKOUT_NS, 'consent');
  return (
    <div className="space-y-1 text-sm">
      <label className="flex items-start gap-2">
        <input type="checkbox" checked={consent} onChange={(e) => onConsent(e.target.checked)} aria-describedby="consent-policies" className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" />
        <span>
          <Rich text={t('label')} parts={{ 1: <Link to={policyPath('terms')} className="font-medium text-brand-700 underline" />, 3: <Link to={policyPath('privacy')} className="font-medium text-brand-700 underline" /> }} />
        </span>
      </label>
      <div id="consent-policies" className="pl-6 text-xs text-slate-600">
        <PolicyLinks compact />
      </div>
      {!consent && <p className="pl-6 text-xs text-slate-600">{t('needed')}</p>}
    </div>
  );
}
