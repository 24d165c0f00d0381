import { authRequest } from '@/lib/session';
import { useCatalogueWrite } from './catalogueWrite';

/** DELETE product/delete-product { productId }. */
export function deleteProduct(productId: string) {
  return authRequest<null>('product/delete-product', { method: 'DELETE', body: { productId } });
}

export function useDeleteProduct() {
  return useCatalogueWrite(deleteProduct);
}
