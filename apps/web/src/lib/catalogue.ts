import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, Product, SubCategory } from '@haat/shared/schemas/catalogue';
import { request } from './api';
import { queryKeys } from './queryKeys';

/**
 * Categories and sub-categories: fetched at app load (spec §4) and needed by
 * the storefront and the admin screens alike, so they live in lib/.
 */

export const categoriesQuery = queryOptions({
  queryKey: queryKeys.catalogue.categories,
  queryFn: async () => (await request<Category[]>('category/get-category')).data,
  staleTime: 5 * 60_000,
});

export const subCategoriesQuery = queryOptions({
  queryKey: queryKeys.catalogue.subCategories,
  queryFn: async () => (await request<SubCategory[]>('subcategory/get-subcategories')).data,
  staleTime: 5 * 60_000,
});

export function useCategories() {
  return useQuery(categoriesQuery);
}

export function useSubCategories() {
  return useQuery(subCategoriesQuery);
}

/** The first sub-category that belongs to a category: where its tile and 'See All' lead (spec §2 Home). */
export function firstSubCategoryOf(categoryId: string, subCategories: readonly SubCategory[] | undefined): SubCategory | undefined {
  return subCategories?.find((s) => s.category.some((c) => c._id === categoryId));
}

/** GET with the fields in the query string, so the browser can revalidate with the ETag. */
export function queryPath(path: string, params: Record<string, string | number | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * product/get-product-details: the §3 product. The product page reads it, and so do the cart and checkout
 * when a product page's form arrives before its scripts ran (issue 39): a `catalogue…` key, so the server runs it.
 */
export const productDetailsQuery = (productId: string) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue.products, 'details', productId],
    queryFn: async () => (await request<Product>(queryPath('product/get-product-details', { productId }))).data,
    retry: (count, err) => count < 1 && (err as { status?: number }).status !== 404,
  });
