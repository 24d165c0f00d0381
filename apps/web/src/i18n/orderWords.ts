import { useT, registerLocales } from './index';
import { CHECKOUT_METHODS, type CheckoutMethod, type OrderStatus } from '@haat/shared/constants';

/**
 * The order's domain words, in one place (issue 20, item 7): an order's
 * status and its payment method, in English (the spec's words) and Bangla.
 * They were written out in four features' locales; each screen now asks
 * `useOrderWords()`. The three status forms are the ones the screens used:
 * - `status`: the shopper's pages (My Orders, /track);
 * - `statusShort`: the admin's filter buttons and status select, where
 *   Received is the short 'গৃহীত';
 * - `statusCounted`: the dashboard's chart, where a count reads as a state
 *   ('Cancelled', 'Returned').
 */
const status = { Pending: 'Pending', Delivered: 'Delivered', Received: 'Received', Cancel: 'Cancel', Return: 'Return' } satisfies Record<OrderStatus, string>;
const statusBn = { Pending: 'অপেক্ষমাণ', Delivered: 'ডেলিভারি হয়েছে', Received: 'গ্রহণ করা হয়েছে', Cancel: 'বাতিল', Return: 'ফেরত' } satisfies Record<OrderStatus, string>;

const en = {
  status,
  statusShort: status,
  statusCounted: { ...status, Cancel: 'Cancelled', Return: 'Returned' },
  /** The same words as the shared paymentMethodLabel. */
  payment: { 'CASH-ON-DELIVERY': 'Cash On Delivery', bkash: 'Bkash', rocket: 'Rocket', nagad: 'Nagad', sslcommerz: 'Card or mobile banking (SSLCommerz)' } satisfies Record<CheckoutMethod, string>,
};

export const ORDER_WORDS_NS = registerLocales('orderWords', {
  en,
  bn: {
    status: statusBn,
    statusShort: { ...statusBn, Received: 'গৃহীত' },
    statusCounted: statusBn,
    payment: { 'CASH-ON-DELIVERY': 'ক্যাশ অন ডেলিভারি', bkash: 'বিকাশ', rocket: 'রকেট', nagad: 'নগদ', sslcommerz: 'কার্ড বা মোবাইল ব্যাংকিং (এসএসএলকমার্জ)' },
  },
});

type StatusForm = 'status' | 'statusShort' | 'statusCounted';

/** The order words in the page's language; a value the shop does not know is shown as stored. */
export function useOrderWords() {
  const t = useT(ORDER_WORDS_NS);
  const known = (value: string): value is OrderStatus => Object.hasOwn(status, value);
  return {
    status: (value: string, form: StatusForm = 'status') => (known(value) ? t(`${form}.${value}`) : value),
    paymentMethod: (method: string) => ((CHECKOUT_METHODS as readonly string[]).includes(method) ? t(`payment.${method as CheckoutMethod}`) : method),
  };
}
