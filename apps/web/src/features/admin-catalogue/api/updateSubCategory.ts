import type { SubCategory } from '@haat/shared/schemas/catalogue';
import { authRequest } from '@/lib/session';
import { useCatalogueWrite } from './catalogueWrite';
import { subCategoryForm, type SubCategoryInput } from './addSubCategory';

/** PUT subcategory/update-subcategories: as add plus subcategoryId; without an image the current one stays. */
export function updateSubCategory(input: SubCategoryInput & { subcategoryId: string }) {
  const form = subCategoryForm(input);
  form.append('subcategoryId', input.subcategoryId);
  return authRequest<SubCategory>('subcategory/update-subcategories', { method: 'PUT', body: form, ...input.upload });
}

export function useUpdateSubCategory() {
  return useCatalogueWrite(updateSubCategory);
}
