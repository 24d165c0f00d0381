import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { PaymentMethod } from '@haat/shared/constants';
import { normalizePhoneInput } from '@haat/shared/phone';
import { deliveryFee, discountedPrice } from '@haat/shared/pricing';
import type { Product } from '@haat/shared/schemas/catalogue';
import { manualOrderSchema } from '@haat/shared/schemas/order';
import { translateMessage } from '@/i18n/messages';
import { errorMessage } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useDeliverySettings } from '@/state/delivery';
import { useQuote } from '@/state/promotions';
import { useCreateManualOrder } from '../api/createManualOrder';
import type { AdminOrder } from '../api/getAllOrders';
import { ADMIN_ORDERS_NS } from '../locales';

export type Line = { product: Product; quantity: number };
export const EMPTY_CUSTOMER = { name: '', mobile: '', address_line: '', city: '' };
export type CustomerField = keyof typeof EMPTY_CUSTOMER;

/** A product added again adds one to its line. */
const withProduct = (ls: Line[], product: Product): Line[] =>
  ls.some((l) => l.product._id === product._id) ? ls.map((l) => (l.product._id === product._id ? { ...l, quantity: l.quantity + 1 } : l)) : [...ls, { product, quantity: 1 }];

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
  const { t } = useTranslation(ADMIN_ORDERS_NS);
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
  const add = (product: Product) => {
    clearError('list_items');
    setLines((ls) => withProduct(ls, product));
  };
  const setQuantity = (id: string, quantity: number) => setLines((ls) => ls.map((l) => (l.product._id === id ? { ...l, quantity } : l)));
  const remove = (line: Line) => setLines((ls) => ls.filter((x) => x !== line));
  const setCustomerField = (name: CustomerField, value: string) => {
    setCustomer((c) => ({ ...c, [name]: value }));
    clearError(`customer.${name}`);
  };
  // ০১৭…, +880 and 880 become 01XXXXXXXXX when the field is left (issue 14).
  const normalizeMobile = (value: string) => setCustomer((c) => ({ ...c, mobile: normalizePhoneInput(value) }));
  const itemsTotal = lines.reduce((sum, l) => sum + discountedPrice(l.product.price, l.product.discount) * l.quantity, 0);
  const fee = customer.city || customer.address_line ? deliveryFee(settings, customer) : 0;
  const { quote, pending: quotePending } = useQuote({ items: lines.map((l) => ({ product_id: l.product._id, quantity: l.quantity })), code: voucher, mobile: /^01[3-9]\d{8}$/.test(customer.mobile) ? customer.mobile : '', fee });

  const startNext = (order: AdminOrder) => {
    setPlaced(order);
    setLines([]);
    setCustomer(EMPTY_CUSTOMER);
    setTrx('');
    setNote('');
    setVoucher('');
    setKey(newIdempotencyKey());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const payload = {
      customer,
      method,
      transaction_id: method === 'CASH-ON-DELIVERY' ? '' : trx,
      note,
      list_items: lines.map((l) => ({ product_id: l.product._id, quantity: l.quantity })),
      ...(voucher ? { voucher_code: voucher } : {}),
    };
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
    fee,
    voucher,
    setVoucher,
    quote,
    quotePending,
    add,
    setQuantity,
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
