import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import type { SubCategory } from '@haat/shared/schemas/catalogue';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api';
import { useAdminSubCategories } from '../api/getSubCategories';
import { useDeleteSubCategory } from '../api/deleteSubCategory';
import { AdminHeading, primaryButton } from '../components/AdminHeading';
import { ImageViewer } from '../components/ImageViewer';
import { SubCategoryDialog } from '../components/SubCategoryDialog';
import { SubCategoryTable } from '../components/SubCategoryTable';

/** /dashboard/sub-category: the table, add and edit dialogs, delete with confirmation, image viewer (spec §2). */
export function SubCategoryPage() {
  const { data, isLoading, isError, error } = useAdminSubCategories();
  const remove = useDeleteSubCategory();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<SubCategory | null>(null);
  const [deleting, setDeleting] = useState<SubCategory | null>(null);
  const [viewing, setViewing] = useState<SubCategory | null>(null);
  const closeViewer = useCallback(() => setViewing(null), []);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      toast.success((await remove.mutateAsync(deleting._id)).message);
    } catch (err) {
      toast.error(errorMessage(err));
    }
    setDeleting(null);
  };

  return (
    <section>
      <AdminHeading title="Sub Category">
        <button type="button" onClick={() => setAdding(true)} className={primaryButton}>
          Add SubCategory
        </button>
      </AdminHeading>
      <div className="p-4">
        {isError && <p role="alert" className="text-red-600">{errorMessage(error)}</p>}
        {isLoading ? (
          <div className="grid gap-2" aria-label="Loading">
            {Array.from({ length: 10 }, (_, i) => <div key={i} aria-hidden className="h-12 animate-pulse rounded bg-slate-200" />)}
          </div>
        ) : (
          <SubCategoryTable data={data ?? []} onView={setViewing} onEdit={setEditing} onDelete={setDeleting} />
        )}
      </div>
      <SubCategoryDialog open={adding} onClose={() => setAdding(false)} />
      <SubCategoryDialog open={editing !== null} subCategory={editing ?? undefined} onClose={() => setEditing(null)} />
      <ConfirmDialog open={deleting !== null} busy={remove.isPending} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
      {viewing && <ImageViewer url={viewing.image} alt={viewing.name} onClose={closeViewer} />}
    </section>
  );
}
