import type { OrderView } from '@haat/shared/schemas/order';
import { formatDeliveryFee, formatTaka } from '@haat/shared/money';
import { paths } from '@haat/shared/paths';
import { translateMessage, useServerMessages } from '@/i18n/messages';
import { OrderPromotions } from '@/components/OrderPromotions';
import { ChosenOptions } from '@/components/ChosenOptions';
import { formatCount } from '@/i18n/format';
import { useLocalName } from '@/i18n/localName';
import { Link, useLocation, useSearchParams } from 'react-router';
import { FaCircleCheck } from 'react-icons/fa6';
import { useT } from '@/i18n';
import { trackAd } from '@/lib/adEvents';
import { Rich } from '@/i18n/Rich';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/queryKeys';
import { paymentSucceeded } from '@/state/guestCart';
import { CHECKOUT_NS } from '../locales';
import { usePageTitle } from '@/i18n/pageTitle';

/**
 * '{Order or Payment} Successful!' (spec §2). Typed wallet payments are not
 * verified, so they read 'Order'; the server's bKash callback, which has
 * verified the payment, sends the shopper here with ?text=Payment (a redirect
 * carries no navigation state).
 */
export function OrderSuccessPage() {
  const t = useT(CHECKOUT_NS, 'success');
  useServerMessages();
  // `order`: the placed order as POST /order answered it (a cash order), for its amounts and promotions.
  const state = useLocation().state as { text?: 'Order' | 'Payment'; orderId?: string; order?: OrderView } | null;
  const [params] = useSearchParams();
  const text = state?.text ?? (params.get('text') === 'Payment' ? 'Payment' : 'Order');
  // Only the server's callback, after bKash confirmed the payment, lands here with ?text=Payment.
  const paid = params.get('text') === 'Payment';
  const heading = text === 'Payment' ? t('payment') : t('order');
  usePageTitle(heading);
  const queryClient = useQueryClient();
  const nameOf = useLocalName();
  // The Purchase to the Pixel and gtag (only loaded after the shopper's yes), with the id the server's event carries too.
  const order = state?.order;
  useEffect(() => {
    if (!order) return;
    const items = order.product_details.map((l) => ({ id: l.variant_id || l.product_id || l._id, name: l.name, price: l.unit_price, quantity: l.quantity }));
    trackAd('purchase', items, { eventId: `purchase.${order.orderId}`, transactionId: order.orderId, value: order.total_amount });
  }, [order]);
  useEffect(() => {
    if (!paid) return;
    paymentSucceeded();
    void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
  }, [paid, queryClient]);
  return (
    <section className="mx-auto my-10 flex max-w-md flex-col items-center gap-4 rounded-lg bg-brand-50 p-6 text-center">
      <FaCircleCheck aria-hidden className="text-5xl text-brand-600" />
      <h1 className="text-xl font-semibold text-brand-700">{heading}</h1>
      <p className="text-slate-700">{t('thanks')}</p>
      {state?.orderId && (
        <p className="text-slate-700">
          <Rich text={t('orderId')} values={{ orderId: state.orderId }} parts={{ 1: <strong className="font-mono" /> }} />{' '}
          <Link to={paths.track(state.orderId)} className="font-semibold text-brand-700 underline">
            {t('track')}
          </Link>
        </p>
      )}
      {state?.order && state.order.product_details.length > 0 && (
        <ul className="w-full space-y-1 rounded-lg bg-white p-3 text-left text-sm" aria-label={t('items')} data-testid="order-success-items">
          {state.order.product_details.map((item) => (
            <li key={item._id} className="flex justify-between gap-4">
              <span>
                {nameOf(item)}
                <ChosenOptions chosen={item.options} />
              </span>
              <span className="whitespace-nowrap">
                {formatCount(item.quantity)} × {formatTaka(item.unit_price)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {state?.order && (
        <dl className="grid w-full grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-white p-3 text-left text-sm" data-testid="order-success-amounts">
          <dt>{t('itemsTotal')}</dt>
          <dd className="text-right">{formatTaka(state.order.subTotal_amount)}</dd>
          <OrderPromotions order={state.order} ddClass="text-right text-brand-700" />
          <dt>{t('deliveryCharge')}</dt>
          <dd className="text-right">{translateMessage(formatDeliveryFee(state.order.delivery_fee))}</dd>
          <dt className="font-semibold">{t('grandTotal')}</dt>
          <dd className="text-right font-semibold" data-testid="order-success-total">{formatTaka(state.order.total_amount)}</dd>
        </dl>
      )}
      <Link to={paths.home()} replace className="rounded-lg border border-brand-600 px-5 py-2 font-semibold text-brand-700 hover:bg-brand-600 hover:text-white">
        {t('goHome')}
      </Link>
    </section>
  );
}
