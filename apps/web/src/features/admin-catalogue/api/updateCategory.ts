import type { Category } from '@haat/shared/schemas/catalogue';
import type { UploadOptions } from '@/components/UploadProgress';
import { authRequest } from '@/lib/session';
import { useCatalogueWrite } from './catalogueWrite';

/** PUT category/update-category: multipart categoryId, name and, only when a new one was chosen, image. */
export function updateCategory(input: { categoryId: string; name: string; image?: File; upload?: UploadOptions }) {
  const form = new FormData();
  form.append('categoryId', input.categoryId);
  form.append('name', input.name);
  if (input.image) form.append('image', input.image);
  return authRequest<Category>('category/update-category', { method: 'PUT', body: form, ...input.upload });
}

export function useUpdateCategory() {
  return useCatalogueWrite(updateCategory);
}
