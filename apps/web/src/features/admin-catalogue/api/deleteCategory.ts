import { authRequest } from '@/lib/session';
import { useCatalogueWrite } from './catalogueWrite';

/** DELETE category/delete-category { categoryId }. A category still in use answers 409 'used by N products'. */
export function deleteCategory(categoryId: string) {
  return authRequest<null>('category/delete-category', { method: 'DELETE', body: { categoryId } });
}

export function useDeleteCategory() {
  return useCatalogueWrite(deleteCategory);
}
