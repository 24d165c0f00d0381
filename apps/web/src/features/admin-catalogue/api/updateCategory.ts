import type { Category } from '@haat/shared/schemas/catalogue';
import type { UploadOptions } from '@/components/UploadProgress';
import { authRequest } from '@/lib/session';
import { useCatalogueWrite } from './catalogueWrite';

/** PUT category/update-category: multipart categoryId, name, Bangla name ('' clears it) and, only when a new one was chosen, image. */
export function updateCategory(input: { categoryId: string; name: string; name_bn: string; image?: File; upload?: UploadOptions }) {
  const form = new FormData();
  form.append('categoryId', input.categoryId);
  form.append('name', input.name);
  form.append('name_bn', input.name_bn);
  if (input.image) form.append('image', input.image);
  return authRequest<Category>('category/update-category', { method: 'PUT', body: form, ...input.upload });
}

export function useUpdateCategory() {
  return useCatalogueWrite(updateCategory);
}
