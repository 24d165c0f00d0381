import { useCallback, useState } from 'react';
import { useT } from '@/i18n';
import type { SubCategory } from '@haat/shared/schemas/catalogue';
import { ConfirmDialog, useConfirmedDelete } from '@/components/ConfirmDialog';
import { errorMessage } from '@/lib/api';
import { useAdminSubCategories } from '../api/getSubCategories';
import { useDeleteSubCategory } from '../api/deleteSubCategory';
import { AdminHeading, primaryButton } from '../components/AdminHeading';
import { ImageViewer } from '../components/ImageViewer';
import { SubCategoryDialog } from '../components/SubCategoryDialog';
import { SubCategoryTable } from '../components/SubCategoryTable';
import { ADMIN_CATALOGUE_NS } from '../locales';

/** /dashboard/sub-category: the table, add and edit dialogs, delete with confirmation, image viewer (spec §2). */
export function SubCategoryPage() {
  const t = useT(ADMIN_CATALOGUE_NS);
  const { data, isLoading, isError, error } = useAdminSubCategories();
  const remove = useDeleteSubCategory();
  const deletion = useConfirmedDelete<SubCategory>(async (s) => (await remove.mutateAsync(s._id)).message, remove.isPending);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<SubCategory | null>(null);
  const [viewing, setViewing] = useState<SubCategory | null>(null);
  const closeViewer = useCallback(() => setViewing(null), []);

  return (
    <section>
      <AdminHeading title={t('subCategory.title')}>
        <button type="button" onClick={() => setAdding(true)} className={primaryButton}>
          {t('subCategory.add')}
        </button>
      </AdminHeading>
      <div className="p-4">
        {isError && <p role="alert" className="text-red-600">{errorMessage(error)}</p>}
        {isLoading ? (
          <div className="grid gap-2" aria-label={t('action.loading')}>
            {Array.from({ length: 10 }, (_, i) => <div key={i} aria-hidden className="h-12 animate-pulse rounded bg-slate-200" />)}
          </div>
        ) : (
          <SubCategoryTable data={data ?? []} onView={setViewing} onEdit={setEditing} onDelete={deletion.ask} />
        )}
      </div>
      <SubCategoryDialog open={adding} onClose={() => setAdding(false)} />
      <SubCategoryDialog open={editing !== null} subCategory={editing ?? undefined} onClose={() => setEditing(null)} />
      <ConfirmDialog {...deletion.dialog} />
      {viewing && <ImageViewer url={viewing.image[0] ?? ''} alt={viewing.name} onClose={closeViewer} />}
    </section>
  );
}
