import { useQuery } from '@tanstack/react-query';
import { productDetailsQuery } from '@/lib/catalogue';

/** product/get-product-details: the §3 product (the query itself is in lib/: the cart and checkout read it too, issue 39). */
export { productDetailsQuery };

export function useProductDetails(productId: string) {
  return useQuery(productDetailsQuery(productId));
}
