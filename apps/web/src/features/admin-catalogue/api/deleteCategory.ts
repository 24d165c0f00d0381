import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueKeys } from '../../../lib/catalogue';
import { authRequest } from '../../../lib/session';

/** DELETE category/delete-category { categoryId }. A category still in use answers 409 'used by N products'. */
export function deleteCategory(categoryId: string) {
  return authRequest<null>('category/delete-category', { method: 'DELETE', body: { categoryId } });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }) });
}
