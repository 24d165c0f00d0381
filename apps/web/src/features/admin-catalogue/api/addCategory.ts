import type { Category } from '@haat/shared/schemas/catalogue';
import type { UploadOptions } from '@/components/UploadProgress';
import { authRequest } from '@/lib/session';
import { useCatalogueWrite } from './catalogueWrite';

/** POST category/add-category: multipart name, the optional Bangla name and image. */
export function addCategory(input: { name: string; name_bn: string; image: File; upload?: UploadOptions }) {
  const form = new FormData();
  form.append('name', input.name);
  form.append('name_bn', input.name_bn);
  form.append('image', input.image);
  return authRequest<Category>('category/add-category', { method: 'POST', body: form, ...input.upload });
}

export function useAddCategory() {
  return useCatalogueWrite(addCategory);
}
