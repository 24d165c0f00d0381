import { Link } from 'react-router';
import { formatDeliveryFee, formatTaka } from '@haat/shared/money';
import { paths } from '@haat/shared/paths';
import { formatCount } from '@/i18n/format';
import { discountedPrice, type CartTotals } from '@haat/shared/pricing';
import { Button } from '@/components/Button';
import { ChosenOptions } from '@/components/ChosenOptions';
import { keyOfLine } from '@/state/cart';
import type { ReviewLine } from '../hooks/useCheckout';
import { useT } from '@/i18n';
import { Rich } from '@/i18n/Rich';
import { PolicyLinks } from '@/components/PolicyLinks';
import { CHECKOUT_NS } from '../locales';
import { translateMessage, useServerMessages } from '@/i18n/messages';
import { useLocalName } from '@/i18n/localName';
import type { PromotionQuote } from '@haat/shared/schemas/promotion';
import { FreeDeliveryProgress, PromotionLines } from '@/components/PromotionLines';
import { VoucherField } from '@/components/VoucherField';
import type { AdvancePreview } from '@haat/shared/schemas/order';
import { CodAdvancePreview } from './AdvanceStep';

/**
 * 'Review and Checkout' (spec §2): the items ordered, each with its options,
 * quantity and price (issue 42), the items total (the original struck through
 * when discounted), the total quantity, the
 * delivery charge ('Free' at 0), the grand total, and the two pay buttons.
 */
export function OrderReview({
  totals,
  lines,
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
  advance,
}: {
  totals: CartTotals;
  /** What is ordered: the Buy Now item alone, else the cart's lines. */
  lines: readonly ReviewLine[];
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
  /** The partial advance Cash On Delivery would ask (decision 0130), by the server's rule; undefined until known. */
  advance?: AdvancePreview | undefined;
}) {
  const t = useT(CHECKOUT_NS, 'review');
  useServerMessages();
  const nameOf = useLocalName();
  return (
    <aside className="space-y-4 self-start rounded-lg bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">{t('title')}</h2>
      {nothingToBuy ? (
        <p className="text-slate-600">
          {t('noItems')} <Link to={paths.home()} className="font-semibold text-brand-700 underline">{t('shopNow')}</Link>
        </p>
      ) : (
        <div className="space-y-3" data-testid="checkout-review">
          {/* What, which size and colour, and how many: before the shopper pays for it (issue 42). */}
          {lines.length > 0 && (
            <ul className="space-y-1 border-b border-slate-200 pb-3 text-sm" aria-label={t('items')} data-testid="checkout-items">
              {lines.map((line) => (
                <li key={keyOfLine(line)} className="flex justify-between gap-4">
                  <span>
                    {nameOf(line)}
                    <ChosenOptions chosen={line.options} />
                  </span>
                  <span className="whitespace-nowrap">
                    {formatCount(line.quantity)} × {formatTaka(discountedPrice(line.price, line.discount))}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
            <dt>{t('itemsTotal')}</dt>
            <dd className="text-right" data-testid="checkout-items-total">
              {totals.savings > 0 && <s className="mr-2 text-slate-600">{formatTaka(totals.originalTotal)}</s>}
              {formatTaka(totals.itemsTotal)}
            </dd>
            <dt>{t('totalQuantity')}</dt>
            <dd className="text-right">{t('itemCount', { count: totals.totalQuantity, n: formatCount(totals.totalQuantity) })}</dd>
            <dt>{t('deliveryCharge')}</dt>
            <dd className="text-right" data-testid="checkout-delivery">{translateMessage(formatDeliveryFee(fee))}</dd>
            <PromotionLines quote={quotePending ? undefined : quote} as="dl" />
            <dt className="font-semibold">{t('grandTotal')}</dt>
            <dd className="text-right font-semibold" data-testid="checkout-grand-total">{formatTaka(total)}</dd>
          </dl>
        </div>
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
        {!nothingToBuy && advance && advance.advance > 0 && <CodAdvancePreview advance={advance} />}
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
          <Rich text={t('label')} parts={{ 1: <Link to={paths.policy('terms')} className="font-medium text-brand-700 underline" />, 3: <Link to={paths.policy('privacy')} className="font-medium text-brand-700 underline" /> }} />
        </span>
      </label>
      <div id="consent-policies" className="pl-6 text-xs text-slate-600">
        <PolicyLinks compact />
      </div>
      {!consent && <p className="pl-6 text-xs text-slate-600">{t('needed')}</p>}
    </div>
  );
}
