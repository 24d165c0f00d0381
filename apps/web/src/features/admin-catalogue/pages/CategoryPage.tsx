import { useState } from 'react';
import { useT } from '@/i18n';
import type { Category } from '@haat/shared/schemas/catalogue';
import { ConfirmDialog, useConfirmedDelete } from '@/components/ConfirmDialog';
import { ProductImage } from '@/components/ProductImage';
import { useLocalName } from '@/i18n/localName';
import { errorMessage } from '@/lib/api';
import { useAdminCategories } from '../api/getCategories';
import { useDeleteCategory } from '../api/deleteCategory';
import { AdminHeading, primaryButton } from '../components/AdminHeading';
import { CategoryDialog } from '../components/CategoryDialog';
import { ADMIN_CATALOGUE_NS } from '../locales';

/** /dashboard/category: a grid of category cards with edit and delete, and the add dialog (spec §2). */
export function CategoryPage() {
  const t = useT(ADMIN_CATALOGUE_NS);
  // The Bangla name on a Bangla page, as the shop shows it (issue 42).
  const nameOf = useLocalName();
  const { data: categories, isLoading, isError, error } = useAdminCategories();
  const remove = useDeleteCategory();
  const deletion = useConfirmedDelete<Category>(async (c) => (await remove.mutateAsync(c._id)).message, remove.isPending);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Category | null>(null);

  return (
    <section>
      <AdminHeading title={t('category.title')}>
        <button type="button" onClick={() => setAdding(true)} className={primaryButton}>
          {t('category.add')}
        </button>
      </AdminHeading>
      {isError && <p role="alert" className="p-4 text-red-600">{errorMessage(error)}</p>}
      {!isLoading && categories?.length === 0 && <p className="p-8 text-center text-slate-500">{t('category.empty')}</p>}
      <ul className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
        {isLoading && Array.from({ length: 12 }, (_, i) => <li key={i} aria-hidden className="h-48 animate-pulse rounded-lg bg-slate-200" />)}
        {categories?.map((c) => {
          const name = nameOf(c);
          return (
            <li key={c._id} data-testid="category-card" className="flex flex-col rounded-lg border border-slate-200 bg-white p-2 shadow-sm">
              <ProductImage src={c.image} alt={name} sizes="(min-width: 1024px) 12vw, (min-width: 768px) 25vw, 50vw" className="aspect-square w-full" />
              <p className="mt-1 line-clamp-2 min-h-10 text-center text-sm font-medium text-slate-800">{name}</p>
              <div className="mt-2 grid grid-cols-2 gap-2 text-sm">
                <button type="button" onClick={() => setEditing(c)} aria-label={t('action.editNamed', { name })} className="rounded bg-green-100 py-1 font-medium text-green-700 hover:bg-green-200">
                  {t('action.edit')}
                </button>
                <button type="button" onClick={() => deletion.ask(c)} aria-label={t('action.deleteNamed', { name })} className="rounded bg-red-100 py-1 font-medium text-red-700 hover:bg-red-200">
                  {t('action.delete')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <CategoryDialog open={adding} onClose={() => setAdding(false)} />
      <CategoryDialog open={editing !== null} category={editing ?? undefined} onClose={() => setEditing(null)} />
      <ConfirmDialog {...deletion.dialog} />
    </section>
  );
}
