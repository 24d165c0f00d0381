import toast from 'react-hot-toast';
import { useT } from '@/i18n';
import { RETURNS_NS } from '@/features/returns';
import { errorMessage } from '@/lib/api';
import type { AdminOrder } from '../api/getAllOrders';
import { useUpdateOrderStatus } from '../api/updateOrderStatus';
import { useCanDo } from '@/state/user';

/** Cancels an order that cannot be supplied (for a role that may change an order's status): the shopper is told by SMS, a bKash payment refunded within the guidelines' hours. */
export function UnsuppliedCancel({ order }: { order: AdminOrder }) {
  const t = useT(RETURNS_NS);
  const cancel = useUpdateOrderStatus();
  const canDo = useCanDo();
  if (!canDo('changeOrderStatus')) return null;
  if (order.status === 'Cancel' || order.status === 'Return' || order.status === 'Delivered') return null;
  return (
    <button
      type="button"
      disabled={cancel.isPending}
      onClick={() => {
        if (!window.confirm(t('unsuppliedConfirm', { id: order.orderId }))) return;
        cancel.mutate({ id: order._id, status: 'Cancel', reason: 'unsupplied' }, { onError: (err) => toast.error(errorMessage(err)) });
      }}
      className="rounded bg-red-50 px-2 py-0.5 font-medium text-red-700 hover:bg-red-100 disabled:opacity-50"
    >
      {t('unsupplied')}
    </button>
  );
}
