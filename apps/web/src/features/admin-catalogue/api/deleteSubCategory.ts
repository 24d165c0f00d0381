import { authRequest } from '@/lib/session';
import { useCatalogueWrite } from './catalogueWrite';

/** DELETE subcategory/delete-subcategories { subcategoryId }; 409 while products use it. */
export function deleteSubCategory(subcategoryId: string) {
  return authRequest<null>('subcategory/delete-subcategories', { method: 'DELETE', body: { subcategoryId } });
}

export function useDeleteSubCategory() {
  return useCatalogueWrite(deleteSubCategory);
}
