import { useT } from '@/i18n';
import { BuyerDetails } from '../components/new-order/BuyerDetails';
import { ChatLinkPanel } from '../components/new-order/ChatLinkPanel';
import { useChatLink } from '../hooks/useChatLink';
import { OrderLinesEditor } from '../components/new-order/OrderLinesEditor';
import { PlacedOrderNotice } from '../components/new-order/PlacedOrderNotice';
import { ProductFinder } from '../components/new-order/ProductFinder';
import { useNewOrderForm } from '../hooks/useNewOrderForm';
import { ADMIN_ORDERS_NS } from '../locales';

/**
 * /dashboard/new-order (issue 13): an order taken by phone or Messenger. The
 * admin finds products, sets quantities, types the buyer's details and picks
 * COD or a wallet; the server prices it, charges the delivery fee and reserves
 * stock as for any order, and marks it "admin". The totals here are a preview.
 */
export function NewOrderPage() {
  const t = useT(ADMIN_ORDERS_NS);
  const form = useNewOrderForm();
  // Issue 45: the same cart as a checkout link the buyer confirms in a chat.
  const chat = useChatLink(form);
  return (
    <section className="grid gap-4 p-4">
      <h1 className="text-lg font-semibold text-slate-800">{t('newOrder.title')}</h1>
      <p className="text-sm text-slate-600">{t('newOrder.intro')}</p>
      {form.placed && <PlacedOrderNotice order={form.placed} />}
      <form onSubmit={form.submit} noValidate className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-3">
          <h2 className="font-semibold text-slate-800">{t('newOrder.products')}</h2>
          <ProductFinder onAdd={form.add} />
          <OrderLinesEditor form={form} />
        </div>
        <BuyerDetails form={form} />
      </form>
      <ChatLinkPanel chat={chat} />
    </section>
  );
}
