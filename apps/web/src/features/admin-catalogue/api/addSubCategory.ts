import type { SubCategory } from '@haat/shared/schemas/catalogue';
import type { UploadOptions } from '@/components/UploadProgress';
import { authRequest } from '@/lib/session';
import { useCatalogueWrite } from './catalogueWrite';

export interface SubCategoryInput {
  name: string;
  /** The Bangla name, '' when none (an edit that sends '' clears it). */
  name_bn: string;
  image?: File;
  /** Category ids. */
  category: string[];
  upload?: UploadOptions;
}

/** The multipart form of add-subcategory and update-subcategories: name, name_bn, image, one `category` per id. */
export function subCategoryForm(input: SubCategoryInput): FormData {
  const form = new FormData();
  form.append('name', input.name);
  form.append('name_bn', input.name_bn);
  if (input.image) form.append('image', input.image);
  for (const id of input.category) form.append('category', id);
  return form;
}

/** POST subcategory/add-subcategory. */
export function addSubCategory(input: SubCategoryInput) {
  return authRequest<SubCategory>('subcategory/add-subcategory', { method: 'POST', body: subCategoryForm(input), ...input.upload });
}

export function useAddSubCategory() {
  return useCatalogueWrite(addSubCategory);
}
