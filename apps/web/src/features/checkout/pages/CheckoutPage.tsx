import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { FaPlus } from 'react-icons/fa6';
import { MdDelete } from 'react-icons/md';
import { DEFAULT_DELIVERY, type PaymentMethod } from '@haat/shared/constants';
import { formatCount, formatTaka } from '@haat/shared/money';
import { cartTotals, deliveryFee, discountedPrice, grandTotal } from '@haat/shared/pricing';
import type { OrderPayload, PaymentDialogInput } from '@haat/shared/schemas/order';
import { AddressDialog } from '../../../components/AddressDialog';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { CheckoutState } from '../../../components/PurchaseActions';
import { useAddresses, useAddressMutations, type Address } from '../../../lib/addresses';
import { errorMessage } from '../../../lib/api';
import { useCart } from '../../../lib/cart';
import { useDeliverySettings } from '../../../lib/delivery';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useCurrentUser } from '../../../lib/user';
import { usePlaceOrder } from '../api/placeOrder';
import { PaymentDialog } from '../components/PaymentDialog';
import { countOf } from '@haat/shared/numerals';

/**
 * /checkout (spec §2, §4): choose an address, review the amounts, pay cash on
 * delivery or online. Buy Now arrives with the product and quantity as
 * navigation state and orders only that; otherwise the cart is ordered.
 */
export function CheckoutPage() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as CheckoutState;
  const { data: fetchedSettings } = useDeliverySettings();
  const settings = state.deliverySettings ?? fetchedSettings ?? DEFAULT_DELIVERY;
  const { data: user } = useCurrentUser();
  const cart = useCart();
  const { addresses, isLoading: addressesLoading } = useAddresses();
  const { remove } = useAddressMutations();

  const buyNow = state.product ? { product: state.product, quantity: Math.max(1, state.quantity ?? 1) } : null;
  const lines = buyNow
    ? [{ productId: buyNow.product._id, price: buyNow.product.price, discount: buyNow.product.discount, quantity: buyNow.quantity }]
    : cart.lines;
  const totals = cartTotals(lines);

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = addresses.find((a) => a._id === selectedId) ?? null;
  const fee = deliveryFee(settings, selected);
  const total = grandTotal(totals.itemsTotal, fee);

  const [note, setNote] = useState('');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [paying, setPaying] = useState(false);
  // One key per checkout attempt: a resent submit answers the same order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const inFlight = useRef(false);
  const place = usePlaceOrder();
  const busy = place.isPending;

  const submit = (method: PaymentMethod, extra: { mobile?: string; transaction_id?: string; note?: string } = {}) => {
    if (!selected || inFlight.current || lines.length === 0) return;
    inFlight.current = true;
    const payload: OrderPayload = {
      method,
      mobile: extra.mobile ?? selected.mobile,
      transaction_id: extra.transaction_id ?? '',
      note: extra.note || note,
      list_items: lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })),
      ...(user ? { addressId: selected._id } : { guest_user_delivery_address: { address_line: selected.address_line, city: selected.city, mobile: selected.mobile } }),
    };
    place.mutate(
      { payload, key: idempotencyKey, productIds: lines.map((l) => l.productId) },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          navigate('/order-success', { replace: true, state: { text: 'Order', orderId: res.data.orderId } });
        },
        onError: (err) => toast.error(errorMessage(err)),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const confirmPayment = (values: PaymentDialogInput) =>
    submit(values.method, { mobile: values.mobile, transaction_id: values.transaction_id, note: values.note });

  const nothingToBuy = !buyNow && !cart.isLoading && cart.lines.length === 0;

  return (
    <section className="mx-auto grid max-w-6xl gap-6 p-4 lg:grid-cols-[1fr_24rem]">
      <div className="space-y-3">
        <h1 className="text-lg font-semibold">Choose Your Address</h1>
        {addressesLoading ? (
          <div className="h-24 animate-pulse rounded-lg bg-slate-200" aria-busy="true" />
        ) : (
          <div className="space-y-3" role="radiogroup" aria-label="Delivery address">
            {addresses.map((a) => (
              <label
                key={a._id}
                className={`flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-3 ${a._id === selectedId ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200'}`}
              >
                <input type="radio" name="address" value={a._id} checked={a._id === selectedId} onChange={() => setSelectedId(a._id)} className="mt-1 accent-brand-600" />
                <span className="flex-1 text-sm">
                  <span className="block font-medium">{a.address_line}</span>
                  <span className="block">{a.city}</span>
                  <span className="block">{a.mobile}</span>
                </span>
                <button
                  type="button"
                  aria-label={`Delete address ${a.address_line}`}
                  onClick={(e) => {
                    e.preventDefault();
                    setDeleting(a);
                  }}
                  className="rounded p-1 text-xl text-red-600 hover:bg-red-50"
                >
                  <MdDelete />
                </button>
              </label>
            ))}
            <button
              type="button"
              onClick={() => setAdding(true)}
              className="flex h-16 w-full items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 bg-slate-50 font-medium text-slate-600 hover:border-brand-600 hover:text-brand-700"
            >
              <FaPlus aria-hidden /> Add Address
            </button>
          </div>
        )}
        <label className="block text-sm">
          <span className="font-medium">Note</span>
          <textarea
            value={note}
            onChange={(e) => setNote(e.target.value)}
            rows={3}
            maxLength={1000}
            placeholder="Anything the delivery person should know (optional)"
            className="mt-1 w-full rounded border border-slate-300 p-2"
          />
        </label>
      </div>

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
            <dd className="text-right" data-testid="checkout-delivery">{fee === 0 ? 'Free' : formatTaka(fee)}</dd>
            <dt className="font-semibold">Grand Total</dt>
            <dd className="text-right font-semibold" data-testid="checkout-grand-total">{formatTaka(total)}</dd>
          </dl>
        )}
        <div className="flex flex-col gap-2">
          <button
            type="button"
            disabled={!selected || busy || nothingToBuy}
            onClick={() => setPaying(true)}
            className="rounded-lg bg-brand-600 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
          >
            Online Payment
          </button>
          <button
            type="button"
            disabled={!selected || busy || nothingToBuy}
            onClick={() => submit('CASH-ON-DELIVERY')}
            className="rounded-lg border-2 border-brand-600 py-2.5 font-semibold text-brand-700 hover:bg-brand-600 hover:text-white disabled:cursor-not-allowed disabled:opacity-50"
          >
            {busy && !paying ? 'Placing order…' : 'Cash On Delivery'}
          </button>
        </div>
      </aside>

      {adding && <AddressDialog open onClose={() => setAdding(false)} onSaved={(a?: Address) => a && setSelectedId(a._id)} />}
      {deleting && (
        <ConfirmDialog
          open
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            const id = deleting._id;
            setDeleting(null);
            if (id === selectedId) setSelectedId(null);
            await remove(id);
          }}
        />
      )}
      {paying && <PaymentDialog onClose={() => setPaying(false)} onConfirm={confirmPayment} submitting={busy} defaultNote={note} />}
    </section>
  );
}
