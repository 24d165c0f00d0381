import { OrderPromotions } from '@/components/OrderPromotions';
import { useT, currentLang } from '@/i18n';
import { useParams } from 'react-router';
import { formatTaka } from '@haat/shared/money';
import { formatCount, formatDate, localDigits } from '@/i18n/format';
import { PageLoading } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { useShopInfo } from '@/lib/shopInfo';
import { useLocalName, useLocalUnit } from '@/i18n/localName';
import { ChosenOptions } from '@/components/ChosenOptions';
import type { AdminOrder } from '../api/getAllOrders';
import { usePrintOrders } from '../api/printOrders';
import { advancePaidOf, codAmount, shippingAddress, splitIds } from '../components/printing';
import { PRINT_WHITE, PrintToolbar } from '../components/PrintToolbar';
import { QrCode } from '../components/QrCode';
import { ADMIN_ORDERS_NS } from '../locales';
import { useOrderWords } from '@/i18n/orderWords';
import type { ShopInfo } from '@haat/shared/shop';
import { MushakInvoice } from '../components/MushakInvoice';
import { ExchangeBadge } from '@/features/returns';

/**
 * /dashboard/invoice/{orderId} (issue 13): one A4 invoice per order; several
 * comma-separated ids print one after the other, each on its own page.
 */
export function InvoicePage() {
  const t = useT(ADMIN_ORDERS_NS);
  const ids = splitIds(useParams().orderId);
  const { data: orders, isPending, error } = usePrintOrders(ids);
  const shop = useShopInfo().data;
  // With a BIN the shop issues VAT invoices (Mushak-6.3, decision 0077): eleven columns, printed landscape.
  const vat = shop?.business?.bin ? shop : null;
  return (
    <main className="min-h-screen bg-slate-100 print:min-h-0 print:bg-white">
      <style>{`@page { size: A4${vat ? ' landscape' : ''}; margin: 12mm; } ${PRINT_WHITE}`}</style>
      <PrintToolbar title={ids.length > 1 ? t('invoice.titleMany', { n: formatCount(ids.length) }) : t('invoice.title')} />
      {isPending && ids.length > 0 && <PageLoading />}
      {error && <p role="alert" className="p-6 text-center text-red-600">{errorMessage(error)}</p>}
      {orders?.map((o) => (vat ? <MushakInvoice key={o._id} order={o} shop={vat} /> : <Invoice key={o._id} order={o} shop={shop} />))}
    </main>
  );
}

function Invoice({ order, shop }: { order: AdminOrder; shop?: Pick<ShopInfo, 'name' | 'address' | 'phone' | 'email'> & { business?: ShopInfo['business'] } }) {
  const t = useT(ADMIN_ORDERS_NS);
  const words = useOrderWords();
  const address = shippingAddress(order);
  const cod = codAmount(order);
  const method = words.paymentMethod(order.payment_status);
  // Printed in the page's language, product names included: the invoice travels with the parcel to the shopper.
  const nameOf = useLocalName();
  const unitOf = useLocalUnit();
  return (
    <article
      aria-label={t('invoice.of', { id: order.orderId })}
      className="mx-auto mb-6 grid max-w-[186mm] gap-6 bg-white p-8 text-sm text-slate-900 shadow print:mb-0 print:max-w-none print:p-0 print:not-last:break-after-page print:shadow-none"
    >
      <header className="flex items-start justify-between gap-6 border-b-2 border-slate-800 pb-4">
        <div>
          <p className="text-2xl font-bold">{shop?.name}</p>
          <p>{businessAddress(shop) || shop?.address}</p>
          <p>
            {localDigits(shop?.phone ?? '')} · {shop?.email}
          </p>
          <BusinessIds business={shop?.business} />
        </div>
        <div className="text-right">
          <p className="text-2xl font-bold uppercase tracking-wide">{t('invoice.heading')}</p>
          <p>
            {t('invoice.order')} <span className="font-mono font-semibold">{order.orderId}</span>
          </p>
          <p>{t('invoice.date', { date: formatDate(order.createdAt) })}</p>
          {/* An exchange's replacement travels with the parcel named as one (issue 42). */}
          {order.exchange_for && (
            <p className="mt-1">
              <ExchangeBadge of={order.exchange_for} />
            </p>
          )}
        </div>
      </header>
      <section className="flex items-start justify-between gap-6">
        <div>
          <h2 className="text-xs font-semibold uppercase text-slate-500">{t('invoice.billTo')}</h2>
          {order.customer_name && <p className="font-semibold">{order.customer_name}</p>}
          {address && (
            <>
              <p>{address.address_line}</p>
              <p>{address.city}</p>
              <p>{t('invoice.mobile', { mobile: localDigits(address.mobile) })}</p>
            </>
          )}
        </div>
        <QrCode value={order.orderId} size={84} label={t('print.qrOf', { code: order.orderId })} />
      </section>
      <table className="w-full border-collapse">
        <thead>
          <tr className="border-b border-slate-400 text-left text-xs uppercase text-slate-600">
            <th className="py-2">{t('invoice.item')}</th>
            <th className="py-2 pl-3 text-right">{t('invoice.qty')}</th>
            <th className="py-2 pl-3 text-right">{t('invoice.unitPrice')}</th>
            <th className="py-2 pl-3 text-right">{t('invoice.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {order.product_details.map((item) => (
            <tr key={item._id} className="border-b border-slate-200 align-top">
              <td className="py-2 pr-4">
                {nameOf(item)}
                {item.unit && <span className="text-slate-500"> · {unitOf(item.unit)}</span>}
                <ChosenOptions chosen={item.options} className="text-slate-700" />
                {item.sku && <span className="block font-mono text-xs text-slate-500">{t('invoice.sku', { sku: item.sku })}</span>}
              </td>
              {/* pl-3: on a 390 px phone adjacent amounts ran together ("১৪৫৬.০০৳৪৫৬.০০৳"). */}
              <td className="py-2 pl-3 text-right">{formatCount(item.quantity)}</td>
              <td className="py-2 pl-3 text-right whitespace-nowrap">{formatTaka(item.unit_price)}</td>
              <td className="py-2 pl-3 text-right whitespace-nowrap">{formatTaka(item.unit_price * item.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto grid w-72 grid-cols-[1fr_auto] gap-x-6 gap-y-1">
        <dt>{t('invoice.subTotal')}</dt>
        <dd className="text-right">{formatTaka(order.subTotal_amount)}</dd>
        <OrderPromotions order={order} />
        <dt>{t('invoice.deliveryFee')}</dt>
        <dd className="text-right">{order.delivery_fee === 0 ? t('invoice.free') : formatTaka(order.delivery_fee)}</dd>
        <hr className="col-span-2 my-1 border-slate-800" />
        <dt className="font-bold">{t('invoice.total')}</dt>
        <dd className="text-right font-bold">{formatTaka(order.total_amount)}</dd>
        <dt>{t('invoice.payment')}</dt>
        <dd className="text-right">{order.transaction_id ? t('invoice.trx', { method, id: order.transaction_id }) : method}</dd>
        {advancePaidOf(order) > 0 && (
          <>
            <dt>{t('invoice.advance')}</dt>
            <dd className="text-right">{formatTaka(advancePaidOf(order))}</dd>
          </>
        )}
        <dt className="font-semibold">{t('invoice.due')}</dt>
        <dd className="text-right font-semibold">{formatTaka(cod)}</dd>
      </dl>
      <footer className="border-t border-slate-200 pt-3 text-center text-xs text-slate-500">{t('invoice.thanks', { shop: shop?.name ?? '' })}</footer>
    </article>
  );
}

/** The owner's business address in the page's language, when set (decision 0077). */
const businessAddress = (shop?: { business?: ShopInfo['business'] }) => (currentLang() === 'bn' && shop?.business?.addressBn) || shop?.business?.address || '';

/** The trade licence and DBID under the shop's contacts, when the owner set them: identifiers, as typed (decision 0098). */
function BusinessIds({ business }: { business?: ShopInfo['business'] }) {
  const t = useT(ADMIN_ORDERS_NS);
  const ids = [business?.tradeLicence && t('invoice.tradeLicence', { value: business.tradeLicence }), business?.dbid && t('invoice.dbid', { value: business.dbid })].filter(Boolean);
  return ids.length > 0 ? <p className="text-xs text-slate-600">{ids.join(' · ')}</p> : null;
}
