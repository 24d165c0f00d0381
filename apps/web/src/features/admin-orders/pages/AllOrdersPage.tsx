import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { ORDER_STATUSES, type OrderStatus } from '@haat/shared/constants';
import { ConfirmDialog, useConfirmedDelete } from '@/components/ConfirmDialog';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { useDeleteOrder } from '../api/deleteOrder';
import { useAllOrders, type AdminOrder, type StatusFilter } from '../api/getAllOrders';
import { useUpdateOrderStatus } from '../api/updateOrderStatus';
import { OrderCard } from '../components/OrderCard';
import { OrderSelectionProvider, PrintSelectedBar } from '../components/OrderSelection';
import { BulkBookingBar } from '../components/BulkBookingBar';
import { formatCount } from '@/i18n/format';
import { ADMIN_ORDERS_NS } from '../locales';
import { useOrderWords } from '@/i18n/orderWords';
import { useCanDo } from '@/state/user';

const FILTERS: StatusFilter[] = ['All', ...ORDER_STATUSES];
const pager = 'rounded border border-slate-300 px-3 py-1.5 hover:bg-slate-100 disabled:opacity-40';

/** /dashboard/my-order 'All Orders' (spec §2, §4). */
export function AllOrdersPage() {
  const t = useT(ADMIN_ORDERS_NS);
  const words = useOrderWords();
  const [status, setStatus] = useState<StatusFilter>('All');
  const [page, setPage] = useState(1);
  const { data, isLoading, isPlaceholderData, isError, error } = useAllOrders(status, page);
  // While another filter or page loads, the previous cards stay (dimmed) under the Loading line.
  const loading = isLoading || isPlaceholderData;
  const update = useUpdateOrderStatus();
  const canDo = useCanDo();
  const remove = useDeleteOrder();
  const deletion = useConfirmedDelete<AdminOrder>(async (o) => {
    await remove.mutateAsync(o._id);
    return t('allOrders.deleted');
  }, remove.isPending);
  const totalPages = Math.max(data?.totalPages ?? 1, 1);
  // Deleting the last order of the last page: show the page before it.
  useEffect(() => {
    if (data && page > totalPages) setPage(totalPages);
  }, [data, page, totalPages]);

  const changeStatus = async (order: AdminOrder, next: OrderStatus) => {
    try {
      await update.mutateAsync({ id: order._id, status: next });
      toast.success(t('allOrders.statusUpdated'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <OrderSelectionProvider>
    <section className="grid gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-lg font-semibold text-slate-800">{t('allOrders.title')}</h1>
        {canDo('placePhoneOrder') && (
          <Link to={paths.dashboard.newOrder()} className="rounded bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
            {t('allOrders.newOrder')}
          </Link>
        )}
      </div>
      <PrintSelectedBar />
      <div role="group" aria-label={t('allOrders.filter')} className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={status === f}
            onClick={() => {
              setStatus(f);
              setPage(1);
            }}
            className={`rounded-full border px-3 py-1 text-sm font-medium ${status === f ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 text-slate-700 hover:bg-slate-100'}`}
          >
            {f === 'All' ? t('status.All') : words.status(f, 'statusShort')}
          </button>
        ))}
      </div>
      {loading && (
        <div className="flex items-center gap-2 py-8 text-slate-600">
          <Spinner /> {t('allOrders.loading')}
        </div>
      )}
      {data && !loading && <BulkBookingBar orders={data.orders} />}
      {isError && <p role="alert" className="text-red-600">{errorMessage(error)}</p>}
      {data && !loading && data.orders.length === 0 && <p className="py-8 text-center text-slate-500">{t('allOrders.empty')}</p>}
      <div aria-busy={loading} className={`grid gap-4 md:grid-cols-2 ${isPlaceholderData ? 'opacity-60' : ''}`}>
        {data?.orders.map((order) => (
          <OrderCard
            key={order._id}
            order={order}
            busy={(update.isPending && update.variables?.id === order._id) || (remove.isPending && deletion.target?._id === order._id)}
            onStatus={(next) => changeStatus(order, next)}
            onDelete={() => deletion.ask(order)}
          />
        ))}
      </div>
      <nav aria-label={t('allOrders.pages')} className="flex items-center justify-center gap-3 text-sm">
        <button type="button" className={pager} onClick={() => setPage((p) => Math.max(p - 1, 1))} disabled={page <= 1}>
          {t('allOrders.prev')}
        </button>
        <span>
          {t('allOrders.pageOf', { page: formatCount(page), total: formatCount(totalPages) })}
        </span>
        <button type="button" className={pager} onClick={() => setPage((p) => Math.min(p + 1, totalPages))} disabled={page >= totalPages}>
          {t('allOrders.next')}
        </button>
      </nav>
      <ConfirmDialog {...deletion.dialog} />
    </section>
    </OrderSelectionProvider>
  );
}
