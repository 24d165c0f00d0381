import type { Product } from '@haat/shared/schemas/catalogue';
import { namedVariantsOf, type VariantsPreview } from '@haat/shared/schemas/variants';
import { authRequest } from '@/lib/session';
import { type VariantDraft, type VariantsValue } from '../components/VariantsEditor';

/** GET product/admin-product: the product with every variant, published or not (the edit form's start). */
export async function fetchAdminProduct(productId: string): Promise<Product> {
  return (await authRequest<Product>(`product/admin-product?productId=${encodeURIComponent(productId)}`)).data;
}

/** The edit form's variants of a stored product: those a client names (a product without options has only its default one, none to edit). */
export function variantsOfProduct(p: Product): VariantsValue {
  const named = namedVariantsOf(p);
  return {
    options: p.options ?? [],
    variants: named.map(
      (v): VariantDraft => ({
        key: v._id,
        _id: v._id,
        values: v.values,
        sku: v.sku,
        price: String(v.price),
        discount: String(v.discount),
        stock: String(v.stock),
        expectedStock: v.stock,
        picture: v.image[0] ?? null,
        publish: v.publish,
      }),
    ),
  };
}

/**
 * The form's variants as the server reads them (decision 0069): a picture is
 * its position among the product's pictures after the save, which are the kept
 * ones (text parts) and then the new files, in the order the form sends them.
 */
export function variantsPayload(value: VariantsValue, images: (File | string)[]) {
  const kept = images.filter((i): i is string => typeof i === 'string');
  const added = images.filter((i): i is File => typeof i !== 'string');
  const position = (p: File | string) => (typeof p === 'string' ? kept.indexOf(p) : kept.length + added.indexOf(p));
  return {
    options: value.options,
    variants: value.variants.map((v) => ({
      ...(v._id && { _id: v._id }),
      sku: v.sku,
      values: v.values,
      price: v.price,
      discount: v.discount === '' ? 0 : v.discount,
      stock: v.stock,
      ...(v.expectedStock !== undefined && { expectedStock: v.expectedStock }),
      image: v.picture !== null && position(v.picture) >= 0 ? [position(v.picture)] : [],
      publish: v.publish,
    })),
  };
}

/** POST product/variants-preview: what saving would remove, and the carts that hold it. */
export async function previewVariants(productId: string, value: VariantsValue, images: (File | string)[]): Promise<VariantsPreview> {
  return (await authRequest<VariantsPreview>('product/variants-preview', { method: 'POST', body: { productId, ...variantsPayload(value, images) } })).data;
}
