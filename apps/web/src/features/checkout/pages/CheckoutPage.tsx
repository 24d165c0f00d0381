import { PurchaseFromUrl } from '@/components/PurchaseFromUrl';
import { AddressPicker } from '../components/AddressPicker';
import { OrderReview } from '../components/OrderReview';
import { PaymentDialog } from '../components/PaymentDialog';
import { AdvanceStep } from '../components/AdvanceStep';
import { CodConfirmStep } from '../components/CodConfirmStep';
import { useCheckout } from '../hooks/useCheckout';
import { useT } from '@/i18n';
import { CHECKOUT_NS } from '../locales';
import { usePageTitle } from '@/i18n/pageTitle';

/**
 * /checkout (spec §2, §4): choose an address, review the amounts, pay cash on
 * delivery or online. What is ordered and how lives in useCheckout.
 */
export function CheckoutPage() {
  const t = useT(CHECKOUT_NS);
  usePageTitle(t('pageTitle'));
  const checkout = useCheckout();
  return (
    <section className="mx-auto grid max-w-6xl gap-6 p-4 lg:grid-cols-[1fr_24rem]">
      {/* A product page's Buy Now sent before its scripts ran (issue 39): it becomes this checkout's Buy Now item. */}
      <div className="empty:hidden lg:col-span-2">
        <PurchaseFromUrl target="checkout" />
      </div>
      <div className="space-y-3">
        <AddressPicker addresses={checkout.addresses} loading={checkout.addressesLoading} selectedId={checkout.selectedId} onSelect={checkout.select} onTyped={checkout.setTyped} />
        <label className="block text-sm">
          <span className="font-medium">{t('note')}</span>
          <textarea
            value={checkout.note}
            onChange={(e) => checkout.setNote(e.target.value)}
            rows={3}
            maxLength={1000}
            placeholder={t('notePlaceholder')}
            className="mt-1 w-full rounded border border-slate-300 p-2"
          />
        </label>
      </div>

      <OrderReview
        totals={checkout.totals}
        lines={checkout.lines}
        fee={checkout.fee}
        quote={checkout.quote}
        quotePending={checkout.quotePending}
        total={checkout.total}
        nothingToBuy={checkout.nothingToBuy}
        canPay={checkout.canPay}
        consent={checkout.consent}
        onConsent={checkout.setConsent}
        placingCashOrder={checkout.busy && !checkout.paying}
        onOnlinePayment={() => checkout.setPaying(true)}
        onCashOnDelivery={checkout.payCashOnDelivery}
        advance={checkout.advancePreviewPending ? undefined : checkout.advancePreview}
      />

      {checkout.confirming && (
        <CodConfirmStep
          mobile={checkout.confirming}
          placing={checkout.busy}
          sending={checkout.sendingCode}
          onPlace={checkout.placeWithCode}
          onResend={checkout.resendCode}
          onClose={checkout.closeConfirm}
        />
      )}
      {checkout.advance && <AdvanceStep due={checkout.advance} onPay={checkout.payAdvance} />}
      {checkout.paying && <PaymentDialog onClose={() => checkout.setPaying(false)} onConfirm={checkout.confirmPayment} submitting={checkout.busy} defaultNote={checkout.note} />}
    </section>
  );
}
