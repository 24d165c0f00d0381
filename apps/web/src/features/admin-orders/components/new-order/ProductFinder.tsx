import { useEffect, useState } from 'react';
import { useT } from '@/i18n';
import { SEARCH_DEBOUNCE_MS } from '@haat/shared/constants';
import { formatTaka } from '@haat/shared/money';
import { discountedPrice } from '@haat/shared/pricing';
import type { Product } from '@haat/shared/schemas/catalogue';
import { FormField, inputClass } from '@/components/FormField';
import { Spinner } from '@/components/Spinner';
import { formatCount } from '@/i18n/format';
import { useLocalName, useLocalUnit } from '@/i18n/localName';
import { useAdminProducts } from '@/lib/adminProducts';
import { ADMIN_ORDERS_NS } from '../../locales';

/** The product search of a phone order: what is typed is searched once typing pauses; each product found can be added. */
export function ProductFinder({ onAdd }: { onAdd: (product: Product) => void }) {
  const t = useT(ADMIN_ORDERS_NS);
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const results = useAdminProducts(1, term);
  // The Bangla name and unit on a Bangla page, as the shop shows them (issue 42).
  const nameOf = useLocalName();
  const unitOf = useLocalUnit();
  return (
    <>
      <FormField label={t('newOrder.find')} htmlFor="product-search">
        <input id="product-search" type="search" className={inputClass} value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('newOrder.findPlaceholder')} autoComplete="off" />
      </FormField>
      <ul aria-label={t('newOrder.found')} className="grid max-h-72 gap-1 overflow-y-auto rounded border border-slate-200 p-1 text-sm">
        {results.isFetching && (
          <li className="flex items-center gap-2 p-2 text-slate-500">
            <Spinner /> {t('newOrder.searching')}
          </li>
        )}
        {results.data?.products.map((p) => (
          <li key={p._id} className="flex items-center gap-2 rounded p-1 hover:bg-slate-50">
            <span className="flex-1">
              {nameOf(p)}
              {p.unit && <span className="text-slate-500"> · {unitOf(p.unit)}</span>}
            </span>
            <span className="text-slate-500">{formatTaka(discountedPrice(p.price, p.discount))}</span>
            <span className="w-20 text-right text-slate-500">{p.stock > 0 ? t('newOrder.inStock', { n: formatCount(p.stock) }) : t('newOrder.outOfStock')}</span>
            <button type="button" onClick={() => onAdd(p)} disabled={p.stock <= 0} aria-label={t('newOrder.addNamed', { name: nameOf(p) })} className="rounded bg-brand-600 px-2 py-0.5 text-white hover:bg-brand-700 disabled:opacity-40">
              {t('newOrder.add')}
            </button>
          </li>
        ))}
        {results.data && results.data.products.length === 0 && <li className="p-2 text-slate-500">{t('newOrder.noProducts')}</li>}
      </ul>
    </>
  );
}
