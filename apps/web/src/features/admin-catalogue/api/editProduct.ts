import type { Product } from '@haat/shared/schemas/catalogue';
import type { UploadOptions } from '@/components/UploadProgress';
import { authRequest } from '@/lib/session';
import { useCatalogueWrite } from './catalogueWrite';
import { productForm, type ProductFormValues } from './addProduct';

/** PUT product/edit-product: as add plus productId and expectedStock (the stock the form loaded). */
export function editProduct(values: ProductFormValues & { productId: string; expectedStock: number; upload?: UploadOptions }) {
  return authRequest<Product>('product/edit-product', { method: 'PUT', body: productForm(values), ...values.upload });
}

export function useEditProduct() {
  return useCatalogueWrite(editProduct);
}
