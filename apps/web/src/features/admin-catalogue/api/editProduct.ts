import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@haat/shared/schemas/catalogue';
import { catalogueKeys } from '../../../lib/catalogue';
import { authRequest } from '../../../lib/session';
import { productForm, type ProductFormValues } from './addProduct';

/** PUT product/edit-product: as add plus productId. */
export function editProduct(values: ProductFormValues & { productId: string }) {
  return authRequest<Product>('product/edit-product', { method: 'PUT', body: productForm(values) });
}

export function useEditProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editProduct, onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }) });
}
