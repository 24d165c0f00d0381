import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueKeys } from '../../../lib/catalogue';
import { authRequest } from '../../../lib/session';

/** DELETE product/delete-product { productId }. */
export function deleteProduct(productId: string) {
  return authRequest<null>('product/delete-product', { method: 'DELETE', body: { productId } });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }) });
}
