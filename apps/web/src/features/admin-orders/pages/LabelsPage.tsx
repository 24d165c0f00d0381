import { useSearchParams } from 'react-router';
import { formatCount, formatTaka } from '@haat/shared/money';
import { PageLoading } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { useShopInfo } from '@/lib/shopInfo';
import type { AdminOrder } from '../api/getAllOrders';
import { usePrintOrders } from '../api/printOrders';
import { codAmount, labelCode, shippingAddress, splitIds } from '../components/printing';
import { PRINT_WHITE, PrintToolbar } from '../components/PrintToolbar';
import { QrCode } from '../components/QrCode';

/** Eight labels (2 × 4, about 99 × 68 mm each) on an A4 page. */
const PER_PAGE = 8;

/**
 * /dashboard/labels?ids=… (issue 13): courier labels, several on an A4 page,
 * each with the recipient, phone, address, COD amount, order id and a QR of
 * the tracking code (the order id until the order is booked).
 */
export function LabelsPage() {
  const [params] = useSearchParams();
  const ids = splitIds(params.get('ids'));
  const { data: orders, isPending, error } = usePrintOrders(ids);
  const shop = useShopInfo().data;
  const sheets: AdminOrder[][] = [];
  for (let i = 0; i < (orders?.length ?? 0); i += PER_PAGE) sheets.push(orders!.slice(i, i + PER_PAGE));
  return (
    <main className="min-h-screen bg-slate-100 print:min-h-0 print:bg-white">
      <style>{`@page { size: A4; margin: 6mm; } ${PRINT_WHITE}`}</style>
      <PrintToolbar title={`Labels (${formatCount(ids.length)})`} />
      {ids.length === 0 && <p role="alert" className="p-6 text-center text-red-600">Choose at least one order.</p>}
      {isPending && ids.length > 0 && <PageLoading />}
      {error && <p role="alert" className="p-6 text-center text-red-600">{errorMessage(error)}</p>}
      {sheets.map((sheet, i) => (
        <section
          key={i}
          aria-label={`Label sheet ${i + 1}`}
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

function Label({ order, shopName, shopPhone }: { order: AdminOrder; shopName: string; shopPhone: string }) {
  const address = shippingAddress(order);
  const cod = codAmount(order);
  const code = labelCode(order);
  return (
    <article aria-label={`Label ${order.orderId}`} className="flex flex-col gap-1 overflow-hidden border border-dashed border-slate-400 p-[5mm] text-[11pt] leading-snug text-black">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-[8pt] uppercase text-slate-600">To</p>
          <p className="truncate text-[13pt] font-bold">{order.customer_name || 'Customer'}</p>
          <p className="font-semibold">{address?.mobile ?? order.mobile}</p>
          <p className="line-clamp-5 break-words">
            {address ? `${address.address_line}, ${address.city}` : '—'}
          </p>
        </div>
        <QrCode value={code} size={92} label={`QR code of ${code}`} />
      </div>
      <div className="mt-auto flex items-end justify-between gap-2 border-t border-black pt-1">
        <div>
          <p className="text-[8pt] uppercase text-slate-600">Order</p>
          <p className="font-mono text-[10pt] font-semibold">{order.orderId}</p>
          {code !== order.orderId && <p className="font-mono text-[9pt]">Tracking {code}</p>}
        </div>
        <div className="text-right">
          <p className="text-[8pt] uppercase text-slate-600">{cod > 0 ? 'Collect (COD)' : 'Paid'}</p>
          <p className="text-[15pt] font-bold">{formatTaka(cod)}</p>
        </div>
      </div>
      <p className="truncate text-[8pt] text-slate-600">
        From {shopName} · {shopPhone}
      </p>
    </article>
  );
}
