import { PromotionLines } from '@/components/PromotionLines';
import { VoucherField } from '@/components/VoucherField';
import { useT, currentLang } from '@/i18n';
import { formatTaka } from '@haat/shared/money';
import { normalizeDigitsInput } from '@haat/shared/phone';
import { discountedPrice } from '@haat/shared/pricing';
import { linePrice, type NewOrderForm } from '../../hooks/useNewOrderForm';
import { defaultVariantOf, variantLabel } from '@haat/shared/schemas/variants';
import { localName } from '@/i18n/localName';
import { ADMIN_ORDERS_NS } from '../../locales';

/** The phone order's lines (quantity, amount, remove) and the totals it will come to: a preview, the server prices it. */
export function OrderLinesEditor({ form }: { form: NewOrderForm }) {
  const t = useT(ADMIN_ORDERS_NS);
  const { lines, errors, itemsTotal, fee, quote, quotePending } = form;
  // The server's figures once it has quoted (promotions and the voucher), else the shared pricing's preview.
  const shown = quotePending ? undefined : quote;
  const lang = currentLang();
  return (
    <>
      <h3 className="font-medium text-slate-700">{t('newOrder.lines')}</h3>
      {errors.list_items && <p role="alert" className="text-sm text-red-600">{errors.list_items}</p>}
      {lines.length === 0 && <p className="text-sm text-slate-500">{t('newOrder.noLines')}</p>}
      <ul aria-label={t('newOrder.lines')} className="grid gap-2 text-sm">
        {lines.map((l) => {
          // The Bangla name on a Bangla page, as the shop shows it (issue 42).
          const name = localName(l.product, lang);
          return (
            <li key={l.key} className="flex flex-wrap items-center gap-2">
              <span className="flex-1">
                {name}
                {/* A product whose options make its variants (issue 21): the buyer's size and colour; a default variant is chosen already. */}
                {defaultVariantOf(l.product) ? null : (
                  <select
                    aria-label={t('newOrder.variantOf', { name })}
                    value={l.variant?._id ?? ''}
                    onChange={(e) => form.setVariant(l.key, e.target.value)}
                    className="mt-1 block rounded border border-slate-300 px-2 py-1"
                  >
                    <option value="">{t('newOrder.chooseVariantShort')}</option>
                    {(l.product.variants ?? []).map((v) => (
                      <option key={v._id} value={v._id} disabled={v.stock <= 0}>
                        {variantLabel(l.product.options!, v.values, lang)} · {formatTaka(discountedPrice(v.price, v.discount))}
                        {v.stock <= 0 ? ` · ${t('newOrder.outOfStock')}` : ''}
                      </option>
                    ))}
                  </select>
                )}
              </span>
              <input
                // Text with the numeric keypad: a type=number box refuses Bengali digits.
                type="text"
                inputMode="numeric"
                value={l.quantity}
                onChange={(e) => form.setQuantity(l.key, Math.max(1, Math.floor(Number(normalizeDigitsInput(e.target.value)) || 1)))}
                aria-label={t('newOrder.quantityOf', { name })}
                className="w-16 rounded border border-slate-300 px-2 py-1"
              />
              <span className="w-24 text-right">{formatTaka(linePrice(l) * l.quantity)}</span>
              <button type="button" onClick={() => form.remove(l)} aria-label={t('newOrder.removeNamed', { name })} className="px-2 text-red-700 hover:underline">
                {t('newOrder.remove')}
              </button>
            </li>
          );
        })}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 text-sm text-slate-700">
        <dt>{t('newOrder.items')}</dt>
        <dd>{formatTaka(itemsTotal)}</dd>
        <dt>{t('newOrder.deliveryEstimate')}</dt>
        <dd>{formatTaka(fee)}</dd>
        <PromotionLines quote={shown} as="dl" />
        <dt className="font-semibold">{t('newOrder.total')}</dt>
        <dd className="font-semibold" data-testid="new-order-total">{formatTaka(shown ? shown.total : itemsTotal + fee)}</dd>
      </dl>
      {lines.length > 0 && <VoucherField quote={quote} pending={quotePending} code={form.voucher} onCode={form.setVoucher} />}
    </>
  );
}
