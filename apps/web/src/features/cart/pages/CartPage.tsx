import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { IoClose } from 'react-icons/io5';
import { FaCaretRight } from 'react-icons/fa6';
import { BREAKPOINT_LARGE, DEFAULT_DELIVERY } from '@haat/shared/constants';
import { imageSrcSet } from '@haat/shared/images';
import { formatTaka } from '@haat/shared/money';
import { discountedPrice, feeBeforeAddress, grandTotal, totalSavings } from '@haat/shared/pricing';
import { paths } from '@haat/shared/paths';
import { QuantityStepper } from '@/components/QuantityStepper';
import { PurchaseFromUrl } from '@/components/PurchaseFromUrl';
import { ChosenOptions, useChosenLabel } from '@/components/ChosenOptions';
import { withChoice } from '@haat/shared/variant-words';
import { FreeDeliveryProgress, PromotionLines } from '@/components/PromotionLines';
import { VoucherField } from '@/components/VoucherField';
import { useLinesQuote } from '@/state/promotions';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useCart, type CartLine } from '@/state/cart';
import { useDeliverySettings } from '@/state/delivery';
import { formatCount } from '@/i18n/format';
import { useT } from '@/i18n';
import { CART_NS } from '../locales';
import { usePageTitle } from '@/i18n/pageTitle';
import { useLocalName, useLocalUnit } from '@/i18n/localName';

const LARGE_SCREEN = `(min-width: ${BREAKPOINT_LARGE}px)`;

/**
 * The Cart drawer (spec §2): over the page on desktop, full screen on phones.
 * Lines with steppers, savings, Bill Details, and the Grand Total bar whose
 * Checkout replaces history.
 */
export function CartPage() {
  const t = useT(CART_NS);
  usePageTitle(t('cart'));
  const nameOf = useLocalName();
  const unitOf = useLocalUnit();
  const chosenOf = useChosenLabel();
  // Two sizes of one product are two lines: their steppers say which ("Increase Kurta (Size: L)").
  const lineName = (line: CartLine) => withChoice(nameOf(line), chosenOf(line.options));
  const navigate = useNavigate();
  const { lines, totals, setQuantity, isLoading } = useCart();
  const { data: settings = DEFAULT_DELIVERY } = useDeliverySettings();
  // Before an address is chosen the fee is the inside-Dhaka one (spec §4).
  const fee = feeBeforeAddress(settings);
  // The server's quote prices the promotions (issue 22); until it answers, the shared pricing without them.
  const { quote, pending } = useLinesQuote(lines, fee);
  const priced = quote && !pending ? quote : undefined;
  const total = priced ? priced.total : grandTotal(totals.itemsTotal, fee);
  // Every saving, not only the products' own discounts (issue 42): the promotions and a waived fee too.
  const savings = totalSavings(totals.savings, priced);

  const close = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.home()));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const change = (line: CartLine, quantity: number) =>
    setQuantity.mutate(
      { line, quantity },
      {
        onError: (err) => toast.error(errorMessage(err)),
        // Spec §4: on a large screen, removing a line this way goes to / and reloads the page.
        onSuccess: () => {
          if (quantity === 0 && window.matchMedia(LARGE_SCREEN).matches) window.location.assign(paths.home());
        },
      },
    );

  return (
    <div className="fixed inset-0 z-50 flex justify-end bg-slate-900/60" onClick={close}>
      <section
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-title"
        onClick={(e) => e.stopPropagation()}
        className="flex h-full w-full flex-col bg-slate-100 md:max-w-md"
      >
        <header className="flex items-center justify-between bg-white p-4 shadow-sm">
          <h2 id="cart-title" className="text-lg font-semibold">{t('cart')}</h2>
          <button type="button" aria-label={t('closeCart')} onClick={close} className="text-2xl text-slate-600 hover:text-slate-900">
            <IoClose />
          </button>
        </header>
        {/* A product page's Add To Cart sent before its scripts ran (issue 39). */}
        <PurchaseFromUrl target="cart" />

        {isLoading ? (
          <div className="flex-1 space-y-3 p-4" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => <div key={i} className="h-20 animate-pulse rounded-lg bg-white" />)}
          </div>
        ) : lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 bg-white p-6 text-center">
            <img src="/empty-cart.svg" alt={t('emptyCart')} className="w-56" />
            <p className="font-semibold text-slate-700">{t('noItems')}</p>
            <Link to={paths.home()} replace className="rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
              {t('shopNow')}
            </Link>
          </div>
        ) : (
          <>
            <div className="flex-1 space-y-3 overflow-y-auto p-3">
              <p className="flex items-center justify-between rounded-lg bg-blue-100 px-4 py-2 text-blue-700">
                <span>{t('totalSavings')}</span>
                <span className="font-semibold" data-testid="cart-savings">{formatTaka(savings)}</span>
              </p>
              <ul className="space-y-3 rounded-lg bg-white p-3" aria-label={t('cartItems')}>
                {lines.map((line) => (
                  <li key={line.id} className="flex items-center gap-3" data-testid="cart-line">
                    <img
                      src={line.image[0]}
                      srcSet={line.image[0] ? imageSrcSet(line.image[0]) : undefined}
                      sizes="64px"
                      alt=""
                      loading="lazy"
                      className="h-16 w-16 shrink-0 rounded border border-slate-200 object-contain"
                    />
                    <div className="min-w-0 flex-1 text-sm">
                      <p className="line-clamp-2 font-medium text-slate-800">{nameOf(line)}</p>
                      <ChosenOptions chosen={line.options} />
                      <p className="text-slate-500">{unitOf(line.unit)}</p>
                      <p className="font-semibold">{formatTaka(discountedPrice(line.price, line.discount))}</p>
                    </div>
                    <QuantityStepper
                      label={lineName(line)}
                      value={line.quantity}
                      max={line.max}
                      disabled={setQuantity.isPending}
                      onChange={(q) => change(line, q)}
                    />
                  </li>
                ))}
              </ul>
              <FreeDeliveryProgress quote={pending ? undefined : quote} />
              <div className="rounded-lg bg-white p-4">
                <VoucherField quote={quote} pending={pending} />
              </div>
              <section className="space-y-2 rounded-lg bg-white p-4 text-sm" aria-labelledby="bill-title" data-testid="bill-details">
                <h3 id="bill-title" className="font-semibold">{t('billDetails')}</h3>
                <p className="flex justify-between gap-4">
                  <span>{t('itemsTotal')}</span>
                  <span data-testid="bill-items-total">
                    {totals.savings > 0 && <s className="mr-2 text-slate-600">{formatTaka(totals.originalTotal)}</s>}
                    {formatTaka(totals.itemsTotal)}
                  </span>
                </p>
                <p className="flex justify-between gap-4">
                  <span>{t('totalQuantity')}</span>
                  <span data-testid="bill-quantity">{t('itemCount', { count: totals.totalQuantity, n: formatCount(totals.totalQuantity) })}</span>
                </p>
                <div className="flex justify-between gap-4">
                  <span>{t('deliveryCharge')}</span>
                  {settings.freeDelivery ? (
                    <span>{t('free')}</span>
                  ) : (
                    <span className="text-right">
                      <span className="block">{t('insideDhaka', { fee: formatTaka(settings.insideDhaka) })}</span>
                      <span className="block">{t('outsideDhaka', { fee: formatTaka(settings.outsideDhaka) })}</span>
                    </span>
                  )}
                </div>
                <PromotionLines quote={pending ? undefined : quote} />
                <p className="flex justify-between gap-4 font-semibold">
                  <span>{t('grandTotal')}</span>
                  <span data-testid="bill-grand-total">{formatTaka(total)}</span>
                </p>
              </section>
            </div>
            <div className="bg-white p-2">
              <div className="flex items-center justify-between rounded-lg bg-brand-700 px-4 py-3 text-white" data-testid="cart-total-bar">
                <span>
                  {/* The bill's grand total, delivery included: not a "Subtotal" (issue 42). */}
                  {t('grandTotal')} <span className="font-semibold">{formatTaka(total)}</span>
                </span>
                <button
                  type="button"
                  onClick={() => navigate(paths.checkout(), { replace: true, state: { deliverySettings: settings } })}
                  className="flex items-center gap-1 font-semibold"
                >
                  {t('checkout')} <FaCaretRight aria-hidden />
                </button>
              </div>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
