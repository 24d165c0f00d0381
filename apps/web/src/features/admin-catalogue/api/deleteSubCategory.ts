import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueKeys } from '../../../lib/catalogue';
import { authRequest } from '../../../lib/session';

/** DELETE subcategory/delete-subcategories { subcategoryId }; 409 while products use it. */
export function deleteSubCategory(subcategoryId: string) {
  return authRequest<null>('subcategory/delete-subcategories', { method: 'DELETE', body: { subcategoryId } });
}

export function useDeleteSubCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSubCategory, onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }) });
}
