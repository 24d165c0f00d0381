import { useEffect, useState } from 'react';
import { useT } from '@/i18n';
import { translateMessage } from '@/i18n/messages';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { ADMIN_PRODUCT_PAGE_SIZE, ADMIN_PRODUCT_SEARCH_DELAY_MS } from '@haat/shared/constants';
import type { Product } from '@haat/shared/schemas/catalogue';
import { pricedPerVariant } from '@haat/shared/schemas/variants';
import { ConfirmDialog, useConfirmedDelete } from '@/components/ConfirmDialog';
import { Dialog } from '@/components/Dialog';
import { inputClass } from '@/components/FormField';
import { errorMessage } from '@/lib/api';
import { useDeleteProduct } from '../api/deleteProduct';
import { useEditProduct } from '../api/editProduct';
import { useAdminProducts } from '@/lib/adminProducts';
import { AdminHeading } from '../components/AdminHeading';
import { AdminProductCard } from '../components/AdminProductCard';
import { CatalogueCsv } from '../components/CatalogueCsv';
import { ProductForm } from '../components/ProductForm';
import type { ProductFormValues } from '../api/addProduct';
import { formatCount } from '@/i18n/format';
import { fetchAdminProduct, previewVariants, variantsOfProduct } from '../api/variants';
import { useVariantRemovalConfirm, VariantRemovalDialog } from '../components/VariantRemovalDialog';
import { ADMIN_CATALOGUE_NS } from '../locales';

const toFormValues = (p: Product): ProductFormValues => ({
  productId: p._id,
  name: p.name,
  name_bn: p.name_bn ?? '',
  description: p.description,
  description_bn: p.description_bn ?? '',
  product_details: p.product_details,
  product_details_bn: p.product_details_bn ?? '',
  image: p.image,
  category: p.category.map((c) => c._id),
  subCategory: p.subCategory.map((s) => s._id),
  unit: p.unit,
  stock: p.stock,
  price: p.price,
  discount: p.discount,
  more_details: p.more_details,
  publish: p.publish,
  ships_on: p.ships_on ?? '',
});

/** The search text to fetch with: follows the box 3 s after the admin stops typing (spec §4, §9). */
function useSettledSearch(search: string): string {
  const [settled, setSettled] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(search.trim()), ADMIN_PRODUCT_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  return settled;
}

/**
 * /dashboard/products (spec §2): 'Products:-', the search box, 12 cards a page
 * with Edit (the product form in a dialog) and Delete, Previous/Next and the
 * 'current/total' indicator.
 */
export function ProductsPage() {
  const t = useT(ADMIN_CATALOGUE_NS);
  // ?search= opens the list already searched (the dashboard's low-stock list links here).
  const [search, setSearch] = useState(useSearchParams()[0].get('search') ?? '');
  const [page, setPage] = useState(1);
  const settled = useSettledSearch(search);
  const { data, isLoading, isFetching, isError, error } = useAdminProducts(page, settled);
  const edit = useEditProduct();
  const remove = useDeleteProduct();
  const deletion = useConfirmedDelete<Product>(async (p) => (await remove.mutateAsync(p._id)).message, remove.isPending);
  // The product being edited, read again with all its variants (the list's answer has none).
  const [editing, setEditing] = useState<Product | null>(null);
  const removal = useVariantRemovalConfirm();
  const openEdit = async (p: Product) => {
    try {
      setEditing(await fetchAdminProduct(p._id));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const totalPages = Math.max(data?.totalPages ?? 1, 1);

  // A page beyond the end (the last product of the last page deleted) falls back to the last page.
  useEffect(() => {
    if (data && page > totalPages) setPage(totalPages);
  }, [data, page, totalPages]);

  return (
    <section>
      <AdminHeading title={t('products.title')}>
        <input
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          placeholder={t('products.searchPlaceholder')}
          aria-label={t('products.search')}
          className={`${inputClass} max-w-xs`}
        />
      </AdminHeading>
      <CatalogueCsv />
      {isError && <p role="alert" className="p-4 text-red-600">{errorMessage(error)}</p>}
      <div aria-busy={isFetching} className={`grid grid-cols-2 gap-3 p-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6 ${isFetching && !isLoading ? 'opacity-60' : ''}`}>
        {isLoading && Array.from({ length: ADMIN_PRODUCT_PAGE_SIZE }, (_, i) => <div key={i} aria-hidden className="h-64 animate-pulse rounded-lg bg-slate-200" />)}
        {data?.products.map((p) => (
          <AdminProductCard key={p._id} product={p} onEdit={() => void openEdit(p)} onDelete={() => deletion.ask(p)} />
        ))}
      </div>
      {data && data.products.length === 0 && <p className="p-8 text-center text-slate-500">{t('products.empty')}</p>}
      <nav aria-label={t('products.pages')} className="flex items-center justify-between gap-4 p-4">
        <button type="button" onClick={() => setPage((p) => Math.max(p - 1, 1))} disabled={page <= 1} className="rounded border border-brand-600 px-4 py-1.5 text-brand-700 hover:bg-brand-600 hover:text-white disabled:opacity-40">
          {t('products.previous')}
        </button>
        <span className="w-full rounded bg-slate-100 py-1.5 text-center font-medium text-slate-700" aria-label={t('products.page')}>
          {formatCount(page)}/{formatCount(totalPages)}
        </span>
        <button type="button" onClick={() => setPage((p) => Math.min(p + 1, totalPages))} disabled={page >= totalPages} className="rounded border border-brand-600 px-4 py-1.5 text-brand-700 hover:bg-brand-600 hover:text-white disabled:opacity-40">
          {t('products.next')}
        </button>
      </nav>
      <Dialog open={editing !== null} title={t('products.editTitle')} wide onClose={() => setEditing(null)}>
        {editing && (
          <ProductForm
            key={editing._id}
            mode="edit"
            initial={toFormValues(editing)}
            initialVariants={variantsOfProduct(editing)}
            submitLabel={t('products.update')}
            onSave={async (values, upload) => {
              try {
                // Removing variants or options: what it does to stock and carts is shown first (issue 21).
                if (values.variants && pricedPerVariant({ options: editing.options ?? [] })) {
                  const preview = await previewVariants(editing._id, values.variants, values.image);
                  if ((preview.removed.length || preview.carts_affected) && !(await removal.ask(preview))) throw new Error('cancelled');
                }
                toast.success(translateMessage((await edit.mutateAsync({ ...values, productId: editing._id, expectedStock: editing.stock, upload })).message));
                setEditing(null);
              } catch (err) {
                if (!(err instanceof Error && err.message === 'cancelled')) toast.error(errorMessage(err));
                throw err;
              }
            }}
          />
        )}
      </Dialog>
      <VariantRemovalDialog {...removal.dialog} />
      <ConfirmDialog {...deletion.dialog} />
    </section>
  );
}
