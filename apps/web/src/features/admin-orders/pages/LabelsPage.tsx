import { useT } from '@/i18n';
import { useSearchParams } from 'react-router';
import { formatTaka } from '@haat/shared/money';
import { formatCount, localDigits } from '@/i18n/format';
import { PageLoading } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { useShopInfo } from '@/lib/shopInfo';
import type { AdminOrder } from '../api/getAllOrders';
import { usePrintOrders } from '../api/printOrders';
import { codAmount, labelCode, labelItem, shippingAddress, splitIds } from '../components/printing';
import { useChosenLabel } from '@/components/ChosenOptions';
import { useLocalName } from '@/i18n/localName';
import { PRINT_WHITE, PrintToolbar } from '../components/PrintToolbar';
import { QrCode } from '../components/QrCode';
import { ADMIN_ORDERS_NS } from '../locales';

/** Eight labels (2 × 4, about 99 × 68 mm each) on an A4 page. */
const PER_PAGE = 8;

/**
 * /dashboard/labels?ids=… (issue 13): courier labels, several on an A4 page,
 * each with the recipient, phone, address, COD amount, order id and a QR of
 * the tracking code (the order id until the order is booked).
 */
export function LabelsPage() {
  const t = useT(ADMIN_ORDERS_NS);
  const [params] = useSearchParams();
  const ids = splitIds(params.get('ids'));
  const { data: orders, isPending, error } = usePrintOrders(ids);
  const shop = useShopInfo().data;
  const sheets: AdminOrder[][] = [];
  for (let i = 0; i < (orders?.length ?? 0); i += PER_PAGE) sheets.push(orders!.slice(i, i + PER_PAGE));
  return (
    <main className="min-h-screen bg-slate-100 print:min-h-0 print:bg-white">
      <style>{`@page { size: A4; margin: 6mm; } ${PRINT_WHITE}`}</style>
      <PrintToolbar title={t('labels.title', { n: formatCount(ids.length) })} />
      {ids.length === 0 && <p role="alert" className="p-6 text-center text-red-600">{t('labels.chooseOne')}</p>}
      {isPending && ids.length > 0 && <PageLoading />}
      {error && <p role="alert" className="p-6 text-center text-red-600">{errorMessage(error)}</p>}
      {sheets.map((sheet, i) => (
        <section
          key={i}
          aria-label={t('labels.sheet', { n: formatCount(i + 1) })}
          className="mx-auto mb-6 grid h-[280mm] w-[198mm] grid-cols-2 grid-rows-4 bg-white shadow print:mb-0 print:shadow-none print:not-last:break-after-page"
        >
          {sheet.map((o) => (
            <Label key={o._id} order={o} shopName={shop?.name ?? ''} shopPhone={shop?.phone ?? ''} />
          ))}
        </section>
      ))}
    </main>
  );
}

/** What the parcel holds, each item with its chosen options (issue 21), in two lines at most. */
function Contents({ order }: { order: AdminOrder }) {
  const t = useT(ADMIN_ORDERS_NS);
  const nameOf = useLocalName();
  const chosenOf = useChosenLabel();
  if (order.product_details.length === 0) return null;
  return (
    <p className="line-clamp-2 text-[8pt] leading-tight" data-testid="label-contents">
      <span className="uppercase text-slate-600">{t('labels.contents')}:</span>{' '}
      {order.product_details.map((item) => labelItem(formatCount(item.quantity), nameOf(item), chosenOf(item.options))).join('; ')}
    </p>
  );
}

function Label({ order, shopName, shopPhone }: { order: AdminOrder; shopName: string; shopPhone: string }) {
  const address = shippingAddress(order);
  const cod = codAmount(order);
  const t = useT(ADMIN_ORDERS_NS);
  const code = labelCode(order);
  return (
    <article aria-label={t('labels.of', { id: order.orderId })} className="flex flex-col gap-1 overflow-hidden border border-dashed border-slate-400 p-[5mm] text-[11pt] leading-snug text-black">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-[8pt] uppercase text-slate-600">{t('labels.to')}</p>
          <p className="truncate text-[13pt] font-bold">{order.customer_name || t('labels.customer')}</p>
          <p className="font-semibold">{localDigits(address?.mobile ?? order.mobile)}</p>
          <p className="line-clamp-5 break-words">
            {address ? `${address.address_line}, ${address.city}` : '—'}
          </p>
        </div>
        <QrCode value={code} size={92} label={t('print.qrOf', { code })} />
      </div>
      <Contents order={order} />
      <div className="mt-auto flex items-end justify-between gap-2 border-t border-black pt-1">
        <div>
          <p className="text-[8pt] uppercase text-slate-600">{t('labels.order')}</p>
          <p className="font-mono text-[10pt] font-semibold">{order.orderId}</p>
          {code !== order.orderId && <p className="font-mono text-[9pt]">{t('labels.tracking', { code })}</p>}
        </div>
        {cod > 0 ? (
          <div className="text-right">
            <p className="text-[8pt] uppercase text-slate-600">{t('labels.collect')}</p>
            <p className="text-[15pt] font-bold">{formatTaka(cod)}</p>
          </div>
        ) : (
          // A paid order: the rider collects nothing. "PAID ৳০" read like a misprint, so it says so in words.
          <p className="text-right text-[13pt] font-bold">{t('labels.paidNothing')}</p>
        )}
      </div>
      <p className="truncate text-[8pt] text-slate-600">
        {t('labels.from', { shop: shopName, phone: localDigits(shopPhone) })}
      </p>
    </article>
  );
}
