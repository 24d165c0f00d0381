import { useT } from '@/i18n';
import { formatTaka } from '@haat/shared/money';
import { formatCount } from '@/i18n/format';
import { discountedPrice } from '@haat/shared/pricing';
import type { Product } from '@haat/shared/schemas/catalogue';
import { ProductImage } from '@/components/ProductImage';
import { usePriceText } from '@/components/priceText';
import { useLocalName, useLocalUnit } from '@/i18n/localName';
import { ADMIN_CATALOGUE_NS } from '../locales';

/** A product in the admin list: picture, name, unit, price, stock, with Edit and Delete. */
export function AdminProductCard({ product, onEdit, onDelete }: { product: Product; onEdit: () => void; onDelete: () => void }) {
  const t = useT(ADMIN_CATALOGUE_NS);
  const priceText = usePriceText();
  // The Bangla name and unit on a Bangla page, as the shop shows them (issue 42).
  const name = useLocalName()(product);
  const unitOf = useLocalUnit();
  return (
    <article data-testid="admin-product-card" className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-2 shadow-sm">
      <ProductImage src={product.image[0]} alt={name} sizes="(min-width: 1024px) 16vw, (min-width: 768px) 25vw, 50vw" className="aspect-square w-full" />
      <h2 className="line-clamp-2 min-h-10 text-sm font-medium text-slate-800">{name}</h2>
      <p className="text-xs text-slate-500">{unitOf(product.unit)}</p>
      <p className="text-sm">
        {/* "From ৳…" when the variants' prices differ (issue 21). */}
        <span className="font-semibold text-slate-900">{priceText(discountedPrice(product.price, product.discount), product.price_varies)}</span>
        {product.discount > 0 && <span className="ml-1 text-sm text-slate-600"><s>{formatTaka(product.price)}</s> -{formatCount(product.discount)}%</span>}
      </p>
      <p className={`text-xs ${product.stock > 0 ? 'text-slate-500' : 'font-semibold text-red-600'}`}>{product.stock > 0 ? t('products.stock', { stock: formatCount(product.stock) }) : t('products.outOfStock')}</p>
      <div className="mt-auto grid grid-cols-2 gap-2 pt-1 text-sm">
        <button type="button" onClick={onEdit} aria-label={t('action.editNamed', { name })} className="rounded bg-green-100 py-1 font-medium text-green-700 hover:bg-green-200">
          {t('action.edit')}
        </button>
        <button type="button" onClick={onDelete} aria-label={t('action.deleteNamed', { name })} className="rounded bg-red-100 py-1 font-medium text-red-700 hover:bg-red-200">
          {t('action.delete')}
        </button>
      </div>
    </article>
  );
}
