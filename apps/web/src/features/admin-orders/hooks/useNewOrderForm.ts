import { useState, type FormEvent } from 'react';
import { useT, currentLang } from '@/i18n';
import toast from 'react-hot-toast';
import type { PaymentMethod } from '@haat/shared/constants';
import { normalizePhoneInput } from '@haat/shared/phone';
import { deliveryFee } from '@haat/shared/delivery-fee';
import { discountedPrice } from '@haat/shared/pricing';
import type { Product } from '@haat/shared/schemas/catalogue';
import { manualOrderSchema } from '@haat/shared/schemas/order';
import { translateMessage } from '@/i18n/messages';
import { errorMessage } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useDeliverySettings } from '@/state/delivery';
import { useQuote } from '@/state/promotions';
import { useAdvancePreview } from '@/state/advancePreview';
import { useCreateManualOrder } from '../api/createManualOrder';
import { defaultVariantOf, shownVariantId, type Variant } from '@haat/shared/schemas/variants';
import { request } from '@/lib/api';
import { queryPath } from '@/lib/catalogue';
import { localName } from '@/i18n/localName';
import type { AdminOrder } from '../api/getAllOrders';
import { ADMIN_ORDERS_NS } from '../locales';

/**
 * A line of the phone order: a product, and for a product with options
 * (issue 21) the variant the buyer chose (null until chosen; the product's
 * details carry its options and variants).
 */
export type Line = { key: string; product: Product; quantity: number; variant: Variant | null };
export const EMPTY_CUSTOMER = { name: '', mobile: '', address_line: '', city: '' };
export type CustomerField = keyof typeof EMPTY_CUSTOMER;

let lineKeys = 0;
/**
 * A line starts with its product's default variant chosen (decision 0111: a product without options), and adding
 * that product again adds one to it; a product whose options make its variants gets a line to choose one in.
 */
const withProduct = (ls: Line[], product: Product): Line[] => {
  const own = defaultVariantOf(product) ?? null;
  return own && ls.some((l) => l.product._id === product._id)
    ? ls.map((l) => (l.product._id === product._id ? { ...l, quantity: l.quantity + 1 } : l))
    : [...ls, { key: `line-${++lineKeys}`, product, quantity: 1, variant: own }];
};
/** The variant_id a line sends: its variant's, none for the default variant (named by the product alone, decision 0109). */
const sentVariant = (l: Line) => {
  const id = l.variant && shownVariantId(l.product._id, l.variant._id);
  return id ? { variant_id: id } : {};
};
/** What a line costs a unit: its variant's price, else the product's. */
export const linePrice = (l: Line) => discountedPrice(l.variant?.price ?? l.product.price, l.variant?.discount ?? l.product.discount);

/** The first message of each field a failed check names, by its path ('customer.mobile', 'list_items'). */
function firstMessages(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

/**
 * The phone order being entered (issue 13): its lines, the buyer, the payment
 * and the messages still on screen; `submit` checks it with the shared schema
 * and places it under one Idempotency-Key per order, then starts a new one.
 */
export function useNewOrderForm() {
  const t = useT(ADMIN_ORDERS_NS);
  const [lines, setLines] = useState<Line[]>([]);
  const [customer, setCustomer] = useState(EMPTY_CUSTOMER);
  const [method, setMethod] = useState<PaymentMethod>('CASH-ON-DELIVERY');
  const [trx, setTrx] = useState('');
  const [note, setNote] = useState('');
  // The voucher code the buyer gives on the phone (issue 22): the server prices it, the quote previews it.
  const [voucher, setVoucher] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One key per order being entered: a double click or a retry after a lost answer makes one order.
  const [key, setKey] = useState(newIdempotencyKey);
  const [placed, setPlaced] = useState<AdminOrder | null>(null);
  const create = useCreateManualOrder();
  const settings = useDeliverySettings().data;

  // A message goes once its field is edited, so what is left on screen is what still needs fixing.
  const clearError = (path: string) => setErrors(({ [path]: _gone, ...rest }) => rest);
  // The product's options and variants come with its details (the list's answer has none).
  const add = async (found: Product) => {
    clearError('list_items');
    let product = found;
    try {
      product = (await request<Product>(queryPath('product/get-product-details', { productId: found._id }))).data;
    } catch (err) {
      toast.error(errorMessage(err));
      return;
    }
    setLines((ls) => withProduct(ls, product));
  };
  const setQuantity = (key: string, quantity: number) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, quantity } : l)));
  const setVariant = (key: string, variantId: string) => {
    clearError('list_items');
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, variant: l.product.variants?.find((v) => v._id === variantId) ?? null } : l)));
  };
  const remove = (line: Line) => setLines((ls) => ls.filter((x) => x !== line));
  const setCustomerField = (name: CustomerField, value: string) => {
    setCustomer((c) => ({ ...c, [name]: value }));
    clearError(`customer.${name}`);
  };
  // ০১৭…, +880 and 880 become 01XXXXXXXXX when the field is left (issue 14).
  const normalizeMobile = (value: string) => setCustomer((c) => ({ ...c, mobile: normalizePhoneInput(value) }));
  const itemsTotal = lines.reduce((sum, l) => sum + linePrice(l) * l.quantity, 0);
  const orderLines = lines.map((l) => ({ product_id: l.product._id, quantity: l.quantity, ...sentVariant(l) }));
  const fee = customer.city || customer.address_line ? deliveryFee(settings, customer) : 0;
  const { quote, pending: quotePending } = useQuote({ items: orderLines, code: voucher, mobile: /^01[3-9]\d{8}$/.test(customer.mobile) ? customer.mobile : '', fee });
  // The advance the owner's rule asks of this buyer (decision 0130), by the server's rule, once the address is typed.
  const [waive, setWaive] = useState(false);
  const [waiver, setWaiver] = useState('');
  const known = method === 'CASH-ON-DELIVERY' && orderLines.length > 0 && /^01[3-9]\d{8}$/.test(customer.mobile) && customer.address_line.trim() !== '' && customer.city.trim() !== '';
  const { preview: advance } = useAdvancePreview(known ? { list_items: orderLines, ...(voucher ? { voucher_code: voucher } : {}), guest_user_delivery_address: { address_line: customer.address_line, city: customer.city, mobile: customer.mobile } } : null);

  const startNext = (order: AdminOrder) => {
    setPlaced(order);
    setLines([]);
    setCustomer(EMPTY_CUSTOMER);
    setTrx('');
    setNote('');
    setVoucher('');
    setWaive(false);
    setWaiver('');
    setKey(newIdempotencyKey());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const payload = {
      customer,
      method,
      transaction_id: method === 'CASH-ON-DELIVERY' ? '' : trx,
      note,
      list_items: orderLines,
      ...(voucher ? { voucher_code: voucher } : {}),
      ...(waive ? { advance_waiver: waiver } : {}),
    };
    // A waiver goes with its reason, for the audit log.
    if (waive && !waiver.trim()) {
      setErrors({ advance_waiver: t('newOrder.advanceReasonNeeded') });
      return;
    }
    // A line needs its variant (a product without options has its default one chosen): said here, as the server would.
    const unchosen = lines.find((l) => !l.variant);
    if (unchosen) {
      setErrors({ list_items: t('newOrder.chooseVariant', { options: unchosen.product.options!.map((o) => localName(o, currentLang())).join(', '), name: localName(unchosen.product, currentLang()) }) });
      return;
    }
    const parsed = manualOrderSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(firstMessages(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const res = await create.mutateAsync({ payload, key });
      toast.success(translateMessage(res.message) || t('newOrder.placedToast'));
      startNext(res.data);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return {
    lines,
    customer,
    method,
    trx,
    note,
    errors,
    placed,
    placing: create.isPending,
    itemsTotal,
    orderLines,
    fee,
    voucher,
    setVoucher,
    quote,
    quotePending,
    /** The advance the rule asks (decision 0130): undefined until known; staff may waive it with a reason. */
    advance: known ? advance : undefined,
    waive,
    setWaive: (on: boolean) => {
      setWaive(on);
      clearError('advance_waiver');
    },
    waiver,
    setWaiver: (reason: string) => {
      setWaiver(reason);
      clearError('advance_waiver');
    },
    add,
    setQuantity,
    setVariant,
    remove,
    setCustomerField,
    normalizeMobile,
    setMethod,
    setTrx,
    setNote,
    submit,
  };
}

export type NewOrderForm = ReturnType<typeof useNewOrderForm>;
