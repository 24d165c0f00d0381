import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/i18n/messages';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { PAYMENT_METHODS, SEARCH_DEBOUNCE_MS, type PaymentMethod } from '@haat/shared/constants';
import { formatTaka } from '@haat/shared/money';
import { formatCount } from '@/i18n/format';
import { deliveryFee, discountedPrice } from '@haat/shared/pricing';
import { normalizeDigitsInput, normalizePhoneInput } from '@haat/shared/phone';
import { manualOrderSchema } from '@haat/shared/schemas/order';
import { FormField, inputClass } from '@/components/FormField';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { useDeliverySettings } from '@/state/delivery';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useAdminProducts } from '@/lib/adminProducts';
import type { Product } from '@haat/shared/schemas/catalogue';
import { useCreateManualOrder } from '../api/createManualOrder';
import type { AdminOrder } from '../api/getAllOrders';
import { invoicePath, labelsPath } from '../api/printOrders';
import { ADMIN_ORDERS_NS } from '../locales';
import { useOrderWords } from '@/i18n/orderWords';

type Line = { product: Product; quantity: number };
const EMPTY_CUSTOMER = { name: '', mobile: '', address_line: '', city: '' };

/**
 * /dashboard/new-order (issue 13): an order taken by phone or Messenger. The
 * admin finds products, sets quantities, types the buyer's details and picks
 * COD or a wallet; the server prices it, charges the delivery fee and reserves
 * stock as for any order, and marks it "admin". The totals here are a preview.
 */
export function NewOrderPage() {
  const { t } = useTranslation(ADMIN_ORDERS_NS);
  const words = useOrderWords();
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const results = useAdminProducts(1, term);
  const [lines, setLines] = useState<Line[]>([]);
  const [customer, setCustomer] = useState(EMPTY_CUSTOMER);
  const [method, setMethod] = useState<PaymentMethod>('CASH-ON-DELIVERY');
  const [trx, setTrx] = useState('');
  const [note, setNote] = useState('');
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
    setLines((ls) => (ls.some((l) => l.product._id === product._id) ? ls.map((l) => (l.product._id === product._id ? { ...l, quantity: l.quantity + 1 } : l)) : [...ls, { product, quantity: 1 }]));
  };
  const setQuantity = (id: string, quantity: number) => setLines((ls) => ls.map((l) => (l.product._id === id ? { ...l, quantity } : l)));
  const itemsTotal = lines.reduce((sum, l) => sum + discountedPrice(l.product.price, l.product.discount) * l.quantity, 0);
  const fee = customer.city || customer.address_line ? deliveryFee(settings, customer) : 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const payload = {
      customer,
      method,
      transaction_id: method === 'CASH-ON-DELIVERY' ? '' : trx,
      note,
      list_items: lines.map((l) => ({ product_id: l.product._id, quantity: l.quantity })),
    };
    const parsed = manualOrderSchema.safeParse(payload);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const res = await create.mutateAsync({ payload, key });
      toast.success(translateMessage(res.message) || t('newOrder.placedToast'));
      setPlaced(res.data);
      setLines([]);
      setCustomer(EMPTY_CUSTOMER);
      setTrx('');
      setNote('');
      setKey(newIdempotencyKey());
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const field = (name: keyof typeof EMPTY_CUSTOMER, label: string, props: { inputMode?: 'tel'; autoComplete?: string } = {}) => (
    <FormField label={label} htmlFor={`customer-${name}`} error={errors[`customer.${name}`]}>
      <input id={`customer-${name}`} className={inputClass} value={customer[name]} onChange={(e) => {
          setCustomer((c) => ({ ...c, [name]: e.target.value }));
          clearError(`customer.${name}`);
        }} onBlur={name === 'mobile' ? (e) => {
          // ০১৭…, +880 and 880 become 01XXXXXXXXX when the field is left (issue 14).
          const mobile = normalizePhoneInput(e.target.value);
          setCustomer((c) => ({ ...c, mobile }));
        } : undefined} {...props} />
    </FormField>
  );

  return (
    <section className="grid gap-4 p-4">
      <h1 className="text-lg font-semibold text-slate-800">{t('newOrder.title')}</h1>
      <p className="text-sm text-slate-600">{t('newOrder.intro')}</p>
      {placed && (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm">
          <span>
            {t('newOrder.placedOrder')} <span className="font-mono font-semibold">{placed.orderId}</span> {t('newOrder.placedTotal', { total: formatTaka(placed.total_amount) })}
          </span>
          <Link to={invoicePath([placed._id])} target="_blank" className="font-medium text-brand-700 hover:underline">
            {t('newOrder.invoice')}
          </Link>
          <Link to={labelsPath([placed._id])} target="_blank" className="font-medium text-brand-700 hover:underline">
            {t('newOrder.label')}
          </Link>
          <Link to="/dashboard/my-order" className="font-medium text-brand-700 hover:underline">
            {t('newOrder.allOrders')}
          </Link>
        </div>
      )}
      <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-3">
          <h2 className="font-semibold text-slate-800">{t('newOrder.products')}</h2>
          <FormField label={t('newOrder.find')} htmlFor="product-search">
            <input id="product-search" type="search" className={inputClass} value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('newOrder.findPlaceholder')} autoComplete="off" />
          </FormField>
          <ul aria-label={t('newOrder.found')} className="grid max-h-72 gap-1 overflow-y-auto rounded border border-slate-200 p-1 text-sm">
            {results.isFetching && (
              <li className="flex items-center gap-2 p-2 text-slate-500">
                <Spinner /> {t('newOrder.searching')}
              </li>
            )}
            {results.data?.products.map((p) => (
              <li key={p._id} className="flex items-center gap-2 rounded p-1 hover:bg-slate-50">
                <span className="flex-1">
                  {p.name}
                  {p.unit && <span className="text-slate-500"> · {p.unit}</span>}
                </span>
                <span className="text-slate-500">{formatTaka(discountedPrice(p.price, p.discount))}</span>
                <span className="w-20 text-right text-slate-500">{p.stock > 0 ? t('newOrder.inStock', { n: formatCount(p.stock) }) : t('newOrder.outOfStock')}</span>
                <button type="button" onClick={() => add(p)} disabled={p.stock <= 0} aria-label={t('newOrder.addNamed', { name: p.name })} className="rounded bg-brand-600 px-2 py-0.5 text-white hover:bg-brand-700 disabled:opacity-40">
                  {t('newOrder.add')}
                </button>
              </li>
            ))}
            {results.data && results.data.products.length === 0 && <li className="p-2 text-slate-500">{t('newOrder.noProducts')}</li>}
          </ul>
          <h3 className="font-medium text-slate-700">{t('newOrder.lines')}</h3>
          {errors.list_items && <p role="alert" className="text-sm text-red-600">{errors.list_items}</p>}
          {lines.length === 0 && <p className="text-sm text-slate-500">{t('newOrder.noLines')}</p>}
          <ul aria-label={t('newOrder.lines')} className="grid gap-2 text-sm">
            {lines.map((l) => (
              <li key={l.product._id} className="flex items-center gap-2">
                <span className="flex-1">{l.product.name}</span>
                <input
                  // Text with the numeric keypad: a type=number box refuses Bengali digits.
                  type="text"
                  inputMode="numeric"
                  value={l.quantity}
                  onChange={(e) => setQuantity(l.product._id, Math.max(1, Math.floor(Number(normalizeDigitsInput(e.target.value)) || 1)))}
                  aria-label={t('newOrder.quantityOf', { name: l.product.name })}
                  className="w-16 rounded border border-slate-300 px-2 py-1"
                />
                <span className="w-24 text-right">{formatTaka(discountedPrice(l.product.price, l.product.discount) * l.quantity)}</span>
                <button type="button" onClick={() => setLines((ls) => ls.filter((x) => x !== l))} aria-label={t('newOrder.removeNamed', { name: l.product.name })} className="px-2 text-red-700 hover:underline">
                  {t('newOrder.remove')}
                </button>
              </li>
            ))}
          </ul>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 text-sm text-slate-700">
            <dt>{t('newOrder.items')}</dt>
            <dd>{formatTaka(itemsTotal)}</dd>
            <dt>{t('newOrder.deliveryEstimate')}</dt>
            <dd>{formatTaka(fee)}</dd>
            <dt className="font-semibold">{t('newOrder.total')}</dt>
            <dd className="font-semibold">{formatTaka(itemsTotal + fee)}</dd>
          </dl>
        </div>
        <div className="grid content-start gap-3">
          <h2 className="font-semibold text-slate-800">{t('newOrder.buyer')}</h2>
          {field('name', t('newOrder.name'), { autoComplete: 'off' })}
          {field('mobile', t('newOrder.mobile'), { inputMode: 'tel', autoComplete: 'off' })}
          {field('address_line', t('newOrder.addressLine'), { autoComplete: 'off' })}
          {field('city', t('newOrder.city'), { autoComplete: 'off' })}
          <fieldset className="grid gap-1">
            <legend className="font-medium text-slate-700">{t('newOrder.payment')}</legend>
            <div className="flex flex-wrap gap-3 text-sm">
              {PAYMENT_METHODS.map((m) => (
                <label key={m} className="flex items-center gap-1">
                  <input type="radio" name="method" value={m} checked={method === m} onChange={() => setMethod(m)} />
                  {m === 'CASH-ON-DELIVERY' ? words.paymentMethod(m) : t('newOrder.paidBy', { method: words.paymentMethod(m) })}
                </label>
              ))}
            </div>
          </fieldset>
          {method !== 'CASH-ON-DELIVERY' && (
            <FormField label={t('newOrder.transactionId')} htmlFor="trx" error={errors.transaction_id}>
              <input id="trx" className={inputClass} value={trx} onChange={(e) => setTrx(e.target.value)} onBlur={(e) => setTrx(normalizeDigitsInput(e.target.value))} autoComplete="off" />
            </FormField>
          )}
          <FormField label={t('newOrder.note')} htmlFor="note" error={errors.note}>
            <textarea id="note" className={inputClass} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
          </FormField>
          <button type="submit" disabled={create.isPending} className="justify-self-start rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-50">
            {create.isPending ? t('newOrder.placing') : t('newOrder.place')}
          </button>
        </div>
      </form>
    </section>
  );
}
