import { Link, useSearchParams } from 'react-router';
import { FaCircleXmark } from 'react-icons/fa6';

/** Why the bKash callback sent the shopper here (?reason=…), in words; anything else shows no reason. */
const REASONS: Record<string, string> = {
  cancelled: 'You cancelled the bKash payment. Your order was cancelled and nothing was charged.',
  failed: 'bKash did not complete the payment. Your order was cancelled and nothing was charged.',
  'not-approved': 'bKash has no approved payment for this order yet. Nothing was charged.',
  amount: 'bKash reported a different amount than your order total, so the order was cancelled. The shop will refund what was paid.',
  pending: 'bKash did not answer in time, so we could not confirm your payment yet. If money left your account, your order will be confirmed within minutes; otherwise nothing was charged.',
  maintenance: 'bKash is under maintenance, so we could not confirm your payment yet. If money left your account, your order will be confirmed once bKash is back; otherwise nothing was charged.',
  unknown: 'We could not find this payment. Nothing was changed.',
};

/** 'Failed !!' with 'Go To Home' (spec §2), and the reason when bKash's callback gave one. */
export function OrderCancelPage() {
  const [params] = useSearchParams();
  const key = params.get('reason') ?? '';
  const reason = Object.hasOwn(REASONS, key) ? REASONS[key] : undefined;
  return (
    <section className="mx-auto my-10 flex max-w-md flex-col items-center gap-4 rounded-lg bg-red-50 p-6 text-center">
      <FaCircleXmark aria-hidden className="text-5xl text-red-600" />
      <h1 className="text-xl font-semibold text-red-700">Failed !!</h1>
      {reason && <p className="text-slate-700" data-testid="cancel-reason">{reason}</p>}
      <Link to="/" replace className="rounded-lg border border-red-600 px-5 py-2 font-semibold text-red-700 hover:bg-red-600 hover:text-white">
        Go To Home
      </Link>
    </section>
  );
}
