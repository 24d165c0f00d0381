import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@haat/shared/schemas/catalogue';
import { catalogueKeys } from '../../../lib/catalogue';
import { authRequest } from '../../../lib/session';

/** POST category/add-category: multipart name and image. */
export function addCategory(input: { name: string; image: File }) {
  const form = new FormData();
  form.append('name', input.name);
  form.append('image', input.image);
  return authRequest<Category>('category/add-category', { method: 'POST', body: form });
}

export function useAddCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addCategory, onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }) });
}
