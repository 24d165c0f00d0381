import { Link } from 'react-router';
import { formatCount, formatDeliveryFee, formatTaka } from '@haat/shared/money';
import { countOf } from '@haat/shared/numerals';
import { discountedPrice, type CartTotals } from '@haat/shared/pricing';
import { Button } from '@/components/Button';
import type { CartProduct } from '@/state/guestCart';

/**
 * 'Review and Checkout' (spec §2): items total (the original struck through
 * when discounted), the Buy Now product or the cart's total quantity, the
 * delivery charge ('Free' at 0), the grand total, and the two pay buttons.
 */
export function OrderReview({
  totals,
  buyNow,
  fee,
  total,
  nothingToBuy,
  canPay,
  placingCashOrder,
  onOnlinePayment,
  onCashOnDelivery,
}: {
  totals: CartTotals;
  buyNow: { product: CartProduct; quantity: number } | null;
  fee: number;
  total: number;
  nothingToBuy: boolean;
  canPay: boolean;
  placingCashOrder: boolean;
  onOnlinePayment: () => void;
  onCashOnDelivery: () => void;
}) {
  return (
    <aside className="space-y-4 self-start rounded-lg bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">Review and Checkout</h2>
      {nothingToBuy ? (
        <p className="text-slate-600">
          No items in your cart. <Link to="/" className="font-semibold text-brand-700 underline">Shop Now</Link>
        </p>
      ) : (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm" data-testid="checkout-review">
          <dt>Items Total</dt>
          <dd className="text-right" data-testid="checkout-items-total">
            {totals.savings > 0 && <s className="mr-2 text-slate-600">{formatTaka(totals.originalTotal)}</s>}
            {formatTaka(totals.itemsTotal)}
          </dd>
          {buyNow ? (
            <>
              <dt>{buyNow.product.name}</dt>
              <dd className="text-right">
                {formatCount(buyNow.quantity)} × {formatTaka(discountedPrice(buyNow.product.price, buyNow.product.discount))}
              </dd>
            </>
          ) : (
            <>
              <dt>Total Quantity</dt>
              <dd className="text-right">{countOf(totals.totalQuantity, 'item')}</dd>
            </>
          )}
          <dt>Delivery Charge</dt>
          <dd className="text-right" data-testid="checkout-delivery">{formatDeliveryFee(fee)}</dd>
          <dt className="font-semibold">Grand Total</dt>
          <dd className="text-right font-semibold" data-testid="checkout-grand-total">{formatTaka(total)}</dd>
        </dl>
      )}
      <div className="flex flex-col gap-2">
        <Button disabled={!canPay} onClick={onOnlinePayment}>
          Online Payment
        </Button>
        <button
          type="button"
          disabled={!canPay}
          onClick={onCashOnDelivery}
          className="rounded-lg border-2 border-brand-600 py-2.5 font-semibold text-brand-700 hover:bg-brand-600 hover:text-white disabled:cursor-not-allowed disabled:opacity-50"
        >
          {placingCashOrder ? 'Placing order…' : 'Cash On Delivery'}
        </button>
      </div>
    </aside>
  );
}
