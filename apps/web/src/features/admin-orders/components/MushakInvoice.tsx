import { useT, currentLang } from '@/i18n';
import { formatTaka } from '@haat/shared/money';
import type { ShopInfo } from '@haat/shared/shop';
import { vatLines, vatRateTenths, vatTotals, type VatLineInput } from '@haat/shared/vat';
import { formatCount, localDigits } from '@/i18n/format';
import { useLocalName, useLocalUnit } from '@/i18n/localName';
import { useChosenLabel } from '@/components/ChosenOptions';
import type { AdminOrder } from '../api/getAllOrders';
import { shippingAddress } from './printing';
import { ADMIN_ORDERS_NS } from '../locales';
import { ExchangeBadge } from '@/features/returns';

/** Paisa as taka with two decimals (bn-BD, like every amount). */
const taka = (paisa: number) => formatTaka(paisa / 100);

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const dhaka = (lang: 'en' | 'bn', opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', { ...opts, timeZone: 'Asia/Dhaka', hourCycle: 'h23' });

/**
 * The VAT invoice in the NBR's Mushak-6.3 layout (issue 27, decision 0077),
 * printed instead of the plain invoice once the shop has a BIN. Laid out from
 * memory of the form: seller, buyer, invoice number and time of issue, and per
 * line the eleven columns, supplementary duty 0 and the VAT taken out of the
 * VAT-inclusive price (@haat/shared/vat), so column 11 adds up to the order's total.
 */
export function MushakInvoice({ order, shop }: { order: AdminOrder; shop: ShopInfo }) {
  const t = useT(ADMIN_ORDERS_NS, 'mushak');
  const lang = currentLang();
  const nameOf = useLocalName();
  const unitOf = useLocalUnit();
  const chosenLabel = useChosenLabel();
  const { business } = shop;
  const address = shippingAddress(order);
  const items: VatLineInput[] = order.product_details.map((item) => {
    const chosen = chosenLabel(item.options);
    return {
      description: `${nameOf(item)}${chosen ? ` (${chosen})` : ''}`,
      unit: item.unit ? unitOf(item.unit) : t('pieces'),
      quantity: item.quantity,
      total: item.unit_price * item.quantity - item.promotion_discount,
    };
  });
  if (order.delivery_fee > 0) items.push({ description: t('delivery'), unit: t('service'), quantity: 1, total: order.delivery_fee });
  const lines = vatLines(items, vatRateTenths(business.vatRate));
  const sum = vatTotals(lines);
  const issued = new Date(order.createdAt);
  const sellerAddress = (lang === 'bn' && business.addressBn) || business.address || shop.address;
  const rate = `${formatCount(business.vatRate)}%`;
  const cell = 'border border-slate-700 px-1.5 py-1';
  const num = `${cell} text-right whitespace-nowrap`;
  const heads = ['serial', 'description', 'unit', 'quantity', 'unitPrice', 'totalPrice', 'sdRate', 'sdAmount', 'vatRate', 'vatAmount', 'totalWithTaxes'] as const;
  return (
    <article
      aria-label={t('of', { id: order.orderId })}
      className="mx-auto mb-6 grid max-w-[277mm] gap-4 bg-white p-6 text-xs text-slate-900 shadow print:mb-0 print:max-w-none print:p-0 print:not-last:break-after-page print:shadow-none"
    >
      <header className="relative text-center">
        <p className="absolute right-0 top-0 rounded border border-slate-800 px-2 py-0.5 font-semibold">{t('form')}</p>
        <p>{t('government')}</p>
        <p>{t('nbr')}</p>
        <p className="mt-1 text-base font-bold">{t('heading')}</p>
        <p>{t('rule')}</p>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
        <dt>{t('seller')}:</dt>
        <dd className="font-semibold">{shop.name}</dd>
        <dt>{t('sellerBin')}:</dt>
        {/* An identifier: as typed, never in the page's digits (decision 0098). */}
        <dd className="font-mono font-semibold">{business.bin}</dd>
        <dt>{t('sellerAddress')}:</dt>
        <dd>{sellerAddress}</dd>
      </dl>
      <div className="grid grid-cols-[1fr_auto] gap-6">
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
          <dt>{t('buyer')}:</dt>
          <dd>{order.customer_name || address?.name || '—'}</dd>
          <dt>{t('buyerBin')}:</dt>
          <dd>—</dd>
          <dt>{t('buyerAddress')}:</dt>
          <dd>{address ? `${address.address_line}, ${address.city} · ${localDigits(address.mobile)}` : '—'}</dd>
          <dt>{t('destination')}:</dt>
          <dd>{address?.city ?? '—'}</dd>
          <dt>{t('vehicle')}:</dt>
          <dd>—</dd>
        </dl>
        <dl className="grid grid-cols-[auto_auto] gap-x-2 gap-y-0.5">
          <dt>{t('invoiceNo')}:</dt>
          <dd className="font-mono font-semibold">
            {order.orderId}
            {/* An exchange's replacement, named as one (issue 42). */}
            {order.exchange_for && (
              <span className="ml-2 font-sans">
                <ExchangeBadge of={order.exchange_for} />
              </span>
            )}
          </dd>
          <dt>{t('issueDate')}:</dt>
          <dd>{dhaka(lang, { dateStyle: 'medium' }).format(issued)}</dd>
          <dt>{t('issueTime')}:</dt>
          <dd>{dhaka(lang, TIME).format(issued)}</dd>
        </dl>
      </div>
      <table className="w-full border-collapse">
        <thead>
          <tr className="bg-slate-100 align-top">
            {heads.map((h) => (
              <th key={h} scope="col" className={`${cell} font-semibold`}>
                {t(h)}
              </th>
            ))}
          </tr>
          <tr className="text-center text-slate-600">
            {heads.map((h, i) => (
              <td key={h} className={cell}>
                ({formatCount(i + 1)})
              </td>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={i} className="align-top">
              <td className={`${cell} text-center`}>{formatCount(i + 1)}</td>
              <td className={cell}>{l.description}</td>
              <td className={cell}>{l.unit}</td>
              <td className={num}>{formatCount(l.quantity)}</td>
              <td className={num}>{taka(l.unitPricePaisa)}</td>
              <td className={num}>{taka(l.valuePaisa)}</td>
              <td className={num}>{formatCount(l.sdRate)}%</td>
              <td className={num}>{taka(l.sdPaisa)}</td>
              <td className={num}>{rate}</td>
              <td className={num}>{taka(l.vatPaisa)}</td>
              <td className={num}>{taka(l.totalPaisa)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-bold">
            <td className={cell} colSpan={5}>
              {t('total')}
            </td>
            <td className={num}>{taka(sum.valuePaisa)}</td>
            <td className={cell} />
            <td className={num}>{taka(sum.sdPaisa)}</td>
            <td className={cell} />
            <td className={num} data-testid="mushak-vat-total">{taka(sum.vatPaisa)}</td>
            <td className={num} data-testid="mushak-grand-total">{taka(sum.totalPaisa)}</td>
          </tr>
        </tfoot>
      </table>
      <footer className="grid grid-cols-[1fr_auto] gap-6 pt-6">
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-3">
          <dt>{t('authorised')}:</dt>
          <dd className="border-b border-dotted border-slate-500" />
          <dt>{t('designation')}:</dt>
          <dd className="border-b border-dotted border-slate-500" />
          <dt>{t('signature')}:</dt>
          <dd className="border-b border-dotted border-slate-500" />
        </dl>
        <p className="self-end">{t('seal')}</p>
        <p className="col-span-2 text-slate-600">{t('priceNote', { rate: formatCount(business.vatRate) })}</p>
      </footer>
    </article>
  );
}
