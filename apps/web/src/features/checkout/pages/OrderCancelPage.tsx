import { Link, useSearchParams } from 'react-router';
import { FaCircleXmark } from 'react-icons/fa6';
import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import { useEffect } from 'react';
import { forgetHeldPayment } from '@/state/guestCart';
import { CHECKOUT_NS } from '../locales';
import { usePageTitle } from '@/i18n/pageTitle';

/** Why the bKash callback (or SSLCommerz's return) sent the shopper here (?reason=…), in words; anything else shows no reason. */
const REASONS = {
  cancelled: 'cancelled',
  failed: 'failedPayment',
  'not-approved': 'notApproved',
  amount: 'amount',
  pending: 'pending',
  maintenance: 'maintenance',
  unknown: 'unknown',
} as const;

/** 'Failed !!' with 'Go To Home' (spec §2), and the reason when bKash's callback gave one. */
export function OrderCancelPage() {
  const t = useT(CHECKOUT_NS, 'cancel');
  usePageTitle(t('failed'));
  const [params] = useSearchParams();
  const key = params.get('reason') ?? '';
  // SSLCommerz's and Nagad's returns name their gateway (?via=sslcommerz, ?via=nagad): the same reasons in its words.
  const via = params.get('via');
  const prefix = via === 'sslcommerz' || via === 'nagad' ? `${via}.` : '';
  const reason = Object.hasOwn(REASONS, key) ? t(`${prefix}${REASONS[key as keyof typeof REASONS]}` as 'cancelled') : undefined;
  // The payment did not go through: the guest's cart keeps everything it held.
  useEffect(() => forgetHeldPayment(), []);
  return (
    <section className="mx-auto my-10 flex max-w-md flex-col items-center gap-4 rounded-lg bg-red-50 p-6 text-center">
      <FaCircleXmark aria-hidden className="text-5xl text-red-600" />
      <h1 className="text-xl font-semibold text-red-700">{t('failed')}</h1>
      {reason && <p className="text-slate-700" data-testid="cancel-reason">{reason}</p>}
      <Link to={paths.home()} replace className="rounded-lg border border-red-600 px-5 py-2 font-semibold text-red-700 hover:bg-red-600 hover:text-white">
        {t('goHome')}
      </Link>
    </section>
  );
}
