import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { DEFAULT_DELIVERY, type CheckoutMethod } from '@haat/shared/constants';
import { deliveryFee } from '@haat/shared/delivery-fee';
import { cartTotals, discountedPrice, grandTotal } from '@haat/shared/pricing';
import { useAdEventOnce } from '@/lib/adEvents';
import type { OrderPayload, PaymentDialogInput } from '@haat/shared/schemas/order';
import { paths } from '@haat/shared/paths';
import type { CheckoutState } from '@/components/PurchaseActions';
import { ApiError, errorMessage } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useAddresses } from '@/state/addresses';
import { keyOfLine, orderItem, useCart, type CartLine } from '@/state/cart';
import { useDeliverySettings } from '@/state/delivery';
import { useCurrentUser } from '@/state/user';
import { setVoucherCode, useLinesQuote } from '@/state/promotions';
import { usePlaceOrder } from '../api/placeOrder';
import { useIncompleteCheckoutReport, type TypedRecipient } from '../api/incompleteCheckout';
import { useSendCodCode } from '../api/codConfirm';
import type { AdvanceDue } from '../components/AdvanceStep';
import { useAdvancePreview, type OrderAddress } from '@/state/advancePreview';
import { translateMessage } from '@/i18n/messages';

/** A line the checkout orders and lists (issue 42: the shopper sees what, which options and how many before confirming). */
export type ReviewLine = Pick<CartLine, 'productId' | 'variantId' | 'name' | 'name_bn' | 'options' | 'price' | 'discount' | 'quantity'>;

/** A signed-in shopper's saved address by id, a guest's carried whole: the order's and the advance preview's. */
function addressOf(a: { _id: string; name?: string; address_line: string; city: string; mobile: string }, signedIn: boolean): OrderAddress {
  return signedIn ? { addressId: a._id } : { guest_user_delivery_address: { name: a.name, address_line: a.address_line, city: a.city, mobile: a.mobile } };
}

/**
 * What /checkout orders and how (spec §4): Buy Now arrives with the product
 * and quantity as navigation state and orders only that; otherwise the cart is
 * ordered. Holds the chosen address, the note and the one idempotency key of
 * this checkout, and places the order cash on delivery or after the payment dialog.
 */
export function useCheckout() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as CheckoutState;
  const { data: fetchedSettings } = useDeliverySettings();
  const settings = state.deliverySettings ?? fetchedSettings ?? DEFAULT_DELIVERY;
  const { data: user } = useCurrentUser();
  const cart = useCart();
  const { addresses, isLoading: addressesLoading } = useAddresses();

  const buyNow = state.product ? { product: state.product, quantity: Math.max(1, state.quantity ?? 1) } : null;
  const lines: ReviewLine[] = buyNow
    ? [
        {
          productId: buyNow.product._id,
          variantId: buyNow.product.variant_id ?? '',
          name: buyNow.product.name,
          ...(buyNow.product.name_bn ? { name_bn: buyNow.product.name_bn } : {}),
          options: buyNow.product.chosen ?? [],
          price: buyNow.product.price,
          discount: buyNow.product.discount,
          quantity: buyNow.quantity,
        },
      ]
    : cart.lines;
  const totals = cartTotals(lines);

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = addresses.find((a) => a._id === selectedId) ?? null;
  const fee = deliveryFee(settings, selected);
  // Promotions are the server's (issue 22): the quote for these lines, code, phone and fee gives the total;
  // until it answers, the shared pricing without promotions. The order is priced again by the server.
  const { quote, pending: quotePending, code } = useLinesQuote(lines, fee, selected?.mobile ?? '');
  const total = quote && !quotePending ? quote.total : grandTotal(totals.itemsTotal, fee);

  // The shop keeps a checkout left after the mobile was given (issue 26; the page says so): the chosen address's,
  // else the one being typed in the address dialog, with its name and address (issue 42).
  // The partial advance a COD order would be asked (decision 0130), shown beside Cash On Delivery once the address is known.
  const preview = useAdvancePreview(
    selected && lines.length > 0 ? { list_items: lines.map(orderItem), ...(code && !quote?.code_error ? { voucher_code: code } : {}), ...addressOf(selected, Boolean(user)) } : null,
  );
  const [typed, setTyped] = useState<TypedRecipient | undefined>();
  useIncompleteCheckoutReport(selected ?? typed, lines);
  // InitiateCheckout / begin_checkout once, when the lines are known, only after the shopper's yes (decision 0131).
  useAdEventOnce('begin_checkout', lines.map((l) => ({ id: l.variantId || l.productId, name: l.name, price: discountedPrice(l.price, l.discount), quantity: l.quantity })));

  const [note, setNote] = useState('');
  // The terms and data-use box (issue 27, decision 0077): unticked at first; no order goes without it.
  const [consent, setConsent] = useState(false);
  const [paying, setPaying] = useState(false);
  // One key per checkout attempt: a resent submit answers the same order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const inFlight = useRef(false);
  const place = usePlaceOrder();
  const busy = place.isPending;
  // The COD confirmation step (issue 26): the mobile the code went to, while the step is open.
  const [confirming, setConfirming] = useState<string | null>(null);
  // The partial advance the server asked of a COD order (issue 44), while its step is open.
  const [advance, setAdvance] = useState<AdvanceDue | null>(null);
  const sendCode = useSendCodCode();
  const send = (mobile: string) => sendCode.mutate(mobile, { onError: (err) => toast.error(errorMessage(err)) });

  const submit = (method: CheckoutMethod, extra: { mobile?: string; transaction_id?: string; note?: string; cod_otp?: string } = {}, failed?: () => void) => {
    if (!selected?.name || !consent || inFlight.current || lines.length === 0) return;
    inFlight.current = true;
    const payload: OrderPayload = {
      method,
      mobile: extra.mobile ?? selected.mobile,
      transaction_id: extra.transaction_id ?? '',
      note: extra.note || note,
      list_items: lines.map(orderItem),
      consent: true,
      // A code the quote refused is not sent: the order would be refused for it.
      ...(code && !quote?.code_error ? { voucher_code: code } : {}),
      ...(extra.cod_otp ? { cod_otp: extra.cod_otp } : {}),
      ...addressOf(selected, Boolean(user)),
    };
    place.mutate(
      { payload, key: idempotencyKey, lineKeys: lines.map(keyOfLine) },
      {
        onSuccess: (res) => {
          // A partial advance (decision 0114): the page says what is paid now and on delivery before bKash's page.
          if (res.data.bkashURL && res.data.advance_amount) return setAdvance({ advance: res.data.advance_amount, total: res.data.total_amount, bkashURL: res.data.bkashURL });
          // bKash checkout or SSLCommerz: the shopper pays on the gateway's page, which sends them back through the server.
          const gatewayPage = res.data.payment_url ?? res.data.bkashURL;
          if (gatewayPage) return window.location.assign(gatewayPage);
          setVoucherCode('');
          toast.success(translateMessage(res.message));
          navigate(paths.orderSuccess(), { replace: true, state: { text: 'Order', orderId: res.data.orderId, order: res.data } });
        },
        onError: (err) => {
          // The shop's rule asks this COD order's mobile to be confirmed: the code goes by SMS, the step opens here.
          if (err instanceof ApiError && err.code === 'COD_CONFIRM_REQUIRED') {
            setConfirming(selected.mobile);
            send(selected.mobile);
            return;
          }
          failed?.();
          toast.error(errorMessage(err));
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const nothingToBuy = !buyNow && !cart.isLoading && cart.lines.length === 0;

  return {
    addresses,
    addressesLoading,
    selectedId,
    select: setSelectedId,
    setTyped,
    note,
    setNote,
    /** What is ordered: the Buy Now item alone, else the cart's lines. */
    lines,
    totals,
    fee,
    total,
    quote,
    quotePending,
    /** What Cash On Delivery pays now by bKash and on delivery, by the server's rule; undefined until known. */
    advancePreview: preview.preview,
    advancePreviewPending: preview.pending,
    nothingToBuy,
    consent,
    setConsent,
    /** Both pay buttons wait for an address with the recipient's name, the consent box, something to buy and no order in flight. */
    canPay: Boolean(selected?.name) && consent && !busy && !nothingToBuy,
    busy,
    paying,
    setPaying,
    payCashOnDelivery: () => submit('CASH-ON-DELIVERY'),
    /** The partial advance asked (its amounts and bKash's page), or null; paying goes to bKash's page. */
    advance,
    payAdvance: () => advance && window.location.assign(advance.bkashURL),
    /** The confirmation step: the mobile the code went to, or null. */
    confirming,
    sendingCode: sendCode.isPending,
    resendCode: () => confirming && send(confirming),
    closeConfirm: () => setConfirming(null),
    placeWithCode: (codOtp: string, failed: () => void) => submit('CASH-ON-DELIVERY', { cod_otp: codOtp }, failed),
    confirmPayment: (values: PaymentDialogInput) => submit(values.method, { mobile: values.mobile, transaction_id: values.transaction_id, note: values.note }),
  };
}
